import { Hono } from 'hono';
import { auditPageSchema, auditQuerySchema } from '../../../src/domain/audit';
import { allow, type AdminEnv } from '../../platform/access/principal';
import { listAudit } from './list-audit';
import { dayClock } from '../dashboard/day-clock';
import type { Db } from '../../platform/db/client';
import { auditCsv } from './audit-csv';
import { declareList } from '../../platform/lists/declare-list';

/**
 * `/api/admin/audit-events`: the audit log of console actions, and its CSV export, for owners (and the command
 * line's key) only; the export is audited too (decision 048).
 */
export function auditRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const owners = allow('owner');

  declareList(app, deps.db, {
    path: '/admin/audit-events',
    summary: 'Console actions, newest first, by who, what and date, each with its names: who, what, when, from where',
    query: auditQuerySchema,
    page: auditPageSchema,
    door: owners,
    list: async (c, query) => {
      // Days on the reader's own zone: the log is no one site's (decision 046).
      const { timeZone } = await dayClock(deps.db, c.get('principal'), undefined, deps.defaultTimeZone);
      return listAudit(deps.db, { ...query, timeZone });
    },
    csv: {
      summary: 'Every console action the filters select, as CSV (owners)',
      description: 'UTF-8 with a header row; times in UTC; who and what named as the console shows them.',
      door: owners,
      name: 'audit',
      rows: async (c, filters) => {
        const { timeZone } = await dayClock(deps.db, c.get('principal'), undefined, deps.defaultTimeZone);
        return auditCsv(deps.db, { ...filters, timeZone });
      },
    },
  });

  return app;
}
