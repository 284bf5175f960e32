import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../../platform/db/client';
import type { Readiness } from '../../platform/http/http-server';
import { noSuchRoute } from '../../platform/http/no-such-route';
import { describe } from '../../platform/http/route-description';
import { requireDatabase, unavailable } from '../../platform/http/service-unavailable';

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
      if (state !== 'ready') throw unavailable(c, NOT_READY[state]);
      await requireDatabase(c, deps.db);
      return c.json({ status: 'ready' });
    },
  );
  app.all('/', noSuchRoute);
  return app;
}
