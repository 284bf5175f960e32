import { Hono } from 'hono';
import { DEMO_MESSAGES, demoDataSchema, removedDemoDataSchema } from '../../../src/domain/demo-data';
import { allow, auditedBy, type AdminEnv } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { findDemoData, removeDemoData } from './remove-demo-data';
import { ApiError } from '../../platform/http/api-error';
import { describe } from '../../platform/http/route-description';

/**
 * `/api/admin/demo-data` (decision 049): what the demo code `npm start` issues made and is still there, which the
 * console's notice reads, and an owner's "Remove demo data", audited, in one transaction. Owners only.
 */
export function demoDataRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.get(
    '/admin/demo-data',
    describe({
      summary: 'The demo data still there: codes, members, surveys, cases and demo-only sites',
      answers: {
        200: { description: 'Counts, and the demo-only sites by id; all zero once removed.', body: demoDataSchema },
      },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    ownersOnly,
    async (c) => c.json(await findDemoData(deps.db)),
  );

  app.delete(
    '/admin/demo-data',
    describe({
      summary: 'Remove the demo code and everything made from it',
      answers: {
        200: { description: 'What was removed, counted (the audit row says the same).', body: removedDemoDataSchema },
      },
      refusals: ['unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    async (c) => {
      const removed = await removeDemoData(deps.db, auditedBy(c));
      if (!removed) throw new ApiError(404, 'not_found', DEMO_MESSAGES.noDemo);
      return c.json(removed);
    },
  );

  return app;
}
