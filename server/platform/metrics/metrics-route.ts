import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { ApiError } from '../http/api-error';
import type { AppMetrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `GET /metrics` for Prometheus, behind `Authorization: Bearer METRICS_TOKEN`. Compared as digests, in constant
 * time: neither the token's characters nor its length show in how long a refusal takes.
 */
export function metricsRoute({ metrics, token }: { metrics: AppMetrics; token: string }): Hono {
  const expected = digest(`Bearer ${token}`);
  const app = new Hono();
  app.get('/', async (c) => {
    const given = digest(c.req.header('authorization') ?? '');
    if (!timingSafeEqual(given, expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', 'A valid metrics bearer token is required.');
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.scrape(), 200, { 'Content-Type': metrics.contentType });
  });
  return app;
}
