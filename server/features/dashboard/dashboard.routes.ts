import { Hono } from 'hono';
import { dashboardFiguresSchema, dashboardQuerySchema } from '../../../src/domain/dashboard';
import { allow, siteScope, type AdminEnv } from '../../platform/access/principal';
import { dashboardFigures } from './dashboard-figures';
import { dayClock } from './day-clock';
import type { Db } from '../../platform/db/client';
import { validQuery } from '../../platform/http/request-input';
import { describe } from '../../platform/http/route-description';

/**
 * `GET /api/admin/dashboard?from=&to=&site=`: the funnel, the feedback and NPS, by week and by site, and feedback
 * after visits (decision 053): the invitations' funnel and the scores by week, split by when they were asked.
 */
export function dashboardRoutes(deps: { db: Db; defaultTimeZone: string }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/dashboard',
    describe({
      summary: "The dashboard's figures for a range of days and a site (default: the last 30 days, every site)",
      answers: {
        200: {
          description:
            "The funnel, feedback with NPS and averages (split into answers at sign-up and after a visit), both by week and by site, the scores by week (`scoreWeeks`) and the invitations after visits made in the range (`invitations`); `range.timeZone` is the clock the days are counted on (the site's, or the reader's setting for several sites).",
          body: dashboardFiguresSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    validQuery(dashboardQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const principal = c.get('principal');
      const sites = siteScope(principal, query.site);
      const clock = await dayClock(deps.db, principal, query.site, deps.defaultTimeZone);
      const figures = await dashboardFigures(deps.db, { sites, site: query.site ?? null, ...clock }, query);
      return c.json(figures);
    },
  );

  return app;
}
