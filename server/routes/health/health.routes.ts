import { Hono } from 'hono';
import { pingDatabase, type Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';

/** `GET /api/health`: for load balancers; needs no key and answers 200 only when the database does. */
export function healthRoutes(deps: { db: Db }): Hono {
  const app = new Hono();
  app.get('/', async (c) => {
    if (!(await pingDatabase(deps.db))) throw new ApiError(503, 'unavailable', 'The database is not answering.');
    return c.json({ status: 'ok' });
  });
  return app;
}
