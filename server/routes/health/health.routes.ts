import { Hono } from 'hono';
import { healthAnswerSchema } from '../../../src/domain/api-answers';
import { pingDatabase, type Db } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { ApiError } from '../../lib/api-error';
import { describe } from '../../lib/route-description';

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
      if (!(await pingDatabase(deps.db))) {
        // The same hint every other answer gives while the database is away.
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ApiError(503, 'unavailable', 'The database is not answering.');
      }
      return c.json({ status: 'ok' });
    },
  );
  return app;
}
