import { Hono } from 'hono';
import { feedbackPageSchema, feedbackQuerySchema } from '../../../src/domain/members';
import { allow, auditedBy, siteScope, type AdminEnv } from '../../access/principal';
import { recordAudit } from '../../audit/record-audit';
import type { Db } from '../../db/client';
import { feedbackCsv } from '../../exports/feedback-csv';
import { dayClock } from '../../dashboard/day-clock';
import { listFeedback } from '../../feedback/list-feedback';
import { csvAnswer } from '../../lib/csv-answer';
import { validQuery } from '../../lib/request-input';
import { describe } from '../../lib/route-description';

const LIST_REFUSALS = ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'] as const;

/**
 * What members said: `/api/admin/feedback` (survey answers with comments) and its CSV export. Managers read their
 * own sites; the export is for owners, and it is audited.
 */
export function feedbackRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/feedback',
    describe({
      summary: 'Survey answers with comments and their themes, newest first, by score band, theme, site and date',
      answers: { 200: { description: '`{ results: [survey…], nextCursor }`', body: feedbackPageSchema } },
      refusals: [...LIST_REFUSALS],
    }),
    allow('owner', 'manager'),
    validQuery(feedbackQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const principal = c.get('principal');
      const { timeZone } = await dayClock(deps.db, principal, query.site, deps.defaultTimeZone);
      return c.json(await listFeedback(deps.db, siteScope(principal, query.site), { ...query, timeZone }));
    },
  );

  app.get(
    '/admin/feedback.csv',
    describe({
      summary: 'Every survey answer the filters select, as CSV (owners)',
      answers: { 200: { description: 'UTF-8 with a header row.', media: 'text/csv' } },
      refusals: [...LIST_REFUSALS],
    }),
    allow('owner'),
    validQuery(feedbackQuerySchema),
    async (c) => {
      const { limit: _limit, after: _after, ...filters } = c.req.valid('query');
      const principal = c.get('principal');
      const sites = siteScope(principal, filters.site);
      const { timeZone } = await dayClock(deps.db, principal, filters.site, deps.defaultTimeZone);
      await recordAudit(deps.db, {
        ...auditedBy(c),
        action: 'export',
        subjectId: 'feedback',
      });
      return csvAnswer(feedbackCsv(deps.db, sites, { ...filters, timeZone }), 'feedback');
    },
  );

  return app;
}
