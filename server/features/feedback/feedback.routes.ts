import { Hono } from 'hono';
import {
  feedbackPageSchema,
  feedbackQuerySchema,
  feedbackThemesQuerySchema,
  feedbackThemesSchema,
} from '../../../src/domain/feedback';
import { allow, siteScope, type AdminEnv } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { feedbackCsv } from './feedback-csv';
import { dayClock } from '../dashboard/day-clock';
import { feedbackThemes, listFeedback } from './list-feedback';
import { declareList } from '../../platform/lists/declare-list';
import { validQuery } from '../../platform/http/request-input';
import { describe } from '../../platform/http/route-description';

/**
 * What members said: `/api/admin/feedback` (survey answers with comments) and its CSV export. Managers read their
 * own sites; the export is for owners, and it is audited.
 */
export function feedbackRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  declareList(app, deps.db, {
    path: '/admin/feedback',
    summary: 'Survey answers with comments and their themes, newest first, by score band, theme, site and date',
    query: feedbackQuerySchema,
    page: feedbackPageSchema,
    door: allow('owner', 'manager'),
    list: async (c, query) => {
      const principal = c.get('principal');
      // Date filters are calendar days on the chosen site's clock, or the reader's for all sites (decision 046).
      const { timeZone } = await dayClock(deps.db, principal, query.site, deps.defaultTimeZone);
      return listFeedback(deps.db, siteScope(principal, query.site), { ...query, timeZone });
    },
    csv: {
      summary: 'Every survey answer the filters select, as CSV (owners)',
      description: 'UTF-8 with a header row.',
      door: allow('owner'),
      name: 'feedback',
      rows: async (c, filters) => {
        const principal = c.get('principal');
        const { timeZone } = await dayClock(deps.db, principal, filters.site, deps.defaultTimeZone);
        return feedbackCsv(deps.db, siteScope(principal, filters.site), { ...filters, timeZone });
      },
    },
  });

  app.get(
    '/admin/feedback/themes',
    describe({
      summary: 'The themes of the survey answers for a site and days, each split by who said it',
      answers: {
        200: {
          description:
            'Per theme mentioned, most first: the surveys, and of them the promoters (praise), passives and detractors (complaints).',
          body: feedbackThemesSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    validQuery(feedbackThemesQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const principal = c.get('principal');
      const { timeZone } = await dayClock(deps.db, principal, query.site, deps.defaultTimeZone);
      return c.json(await feedbackThemes(deps.db, siteScope(principal, query.site), { ...query, timeZone }));
    },
  );

  return app;
}
