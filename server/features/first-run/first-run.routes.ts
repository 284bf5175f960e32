import { Hono } from 'hono';
import { firstRunSchema } from '../../../src/domain/first-run';
import { allow, type AdminEnv } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { firstRunSteps } from './first-run-steps';
import { describe } from '../../platform/http/route-description';

/** `GET /api/admin/first-run` (owners): which of the first steps are done, for the dashboard's checklist. */
export function firstRunRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/first-run',
    describe({
      summary: "A new owner's first steps and which are done",
      answers: {
        200: {
          description:
            'Each step as done or not: every site named, a manager added, an API key in use, a code issued that is not the demo code.',
          body: firstRunSchema,
        },
      },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner'),
    async (c) => c.json(await firstRunSteps(deps.db)),
  );

  return app;
}
