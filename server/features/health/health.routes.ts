import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../platform/db/client';
import { noSuchRoute } from '../../platform/http/no-such-route';
import { describe } from '../../platform/http/route-description';
import { requireDatabase } from '../../platform/http/service-unavailable';

const healthAnswerSchema = v.object({ status: v.literal('ok') });

/** `GET /api/health`: for load balancers; needs no key and answers 200 only when the database does. */
export function healthRoutes(deps: { db: Db }): Hono {
  const app = new Hono();
  app.get(
    '/',
    describe({
      summary: 'Whether this instance can serve',
      answers: { 200: { description: '`{ "status": "ok" }`', body: healthAnswerSchema } },
      refusals: [],
      access: 'open',
    }),
    async (c) => {
      await requireDatabase(c, deps.db);
      return c.json({ status: 'ok' });
    },
  );
  app.all('/', noSuchRoute);
  return app;
}
