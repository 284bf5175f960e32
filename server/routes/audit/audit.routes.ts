import { Hono } from 'hono';
import { auditEventListSchema } from '../../../src/domain/audit';
import { allow, type AdminEnv } from '../../access/principal';
import { listAudit } from '../../audit/list-audit';
import type { Db } from '../../db/client';
import { describe } from '../../lib/route-description';

/** `/api/admin/audit-events`: the audit log of console actions, for owners (and the command line's key) only. */
export function auditRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/audit-events',
    describe({
      summary: 'The latest console actions: who, what, when and from where',
      answers: {
        200: { description: '`{ results: [event…] }`, newest first, at most 200.', body: auditEventListSchema },
      },
      refusals: ['unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner'),
    async (c) => c.json({ results: await listAudit(deps.db) }),
  );

  return app;
}
