import { Hono } from 'hono';
import * as v from 'valibot';
import { pingDatabase, type Db } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../db/unavailable';
import type { Readiness } from '../../http-server';
import { ApiError } from '../../lib/api-error';
import { describe } from '../../lib/route-description';

/** Only load balancers and orchestrators read it, never the browser: kept here rather than in src/domain. */
const readyAnswerSchema = v.object({ status: v.literal('ready') });

const NOT_READY = {
  starting: 'This instance is starting.',
  stopping: 'This instance is shutting down.',
} as const;

/**
 * `GET /api/ready`: whether a load balancer should send this instance traffic. Not while it starts (migrations),
 * not from the moment it is told to stop, and not while the database does not answer. `/api/health` stays the
 * plain "is the process serving" check.
 */
export function readyRoutes(deps: { db: Db; readiness: Readiness }): Hono {
  const app = new Hono();
  app.get(
    '/',
    describe({
      summary: 'Whether this instance should be sent traffic (503 while starting, stopping or without its database)',
      answers: { 200: { description: '`{ "status": "ready" }`', body: readyAnswerSchema } },
      refusals: [],
      access: 'open',
    }),
    async (c) => {
      const { state } = deps.readiness;
      // The same hint every other answer gives while the service is away.
      if (state !== 'ready') {
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ApiError(503, 'unavailable', NOT_READY[state]);
      }
      if (!(await pingDatabase(deps.db))) {
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ApiError(503, 'unavailable', 'The database is not answering.');
      }
      return c.json({ status: 'ready' });
    },
  );
  return app;
}
