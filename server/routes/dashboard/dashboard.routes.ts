import { Hono } from 'hono';
import { dashboardFiguresSchema, dashboardQuerySchema } from '../../../src/domain/dashboard';
import { allow, siteScope, type AdminEnv } from '../../access/principal';
import { dashboardFigures } from '../../dashboard/dashboard-figures';
import type { Db } from '../../db/client';
import { validQuery } from '../../lib/request-input';
import { describe } from '../../lib/route-description';

/** `GET /api/admin/dashboard?from=&to=&site=`: the funnel, the feedback and NPS, by week and by site. */
export function dashboardRoutes(deps: { db: Db }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get(
    '/admin/dashboard',
    describe({
      summary: "The dashboard's figures for a range of days and a site (default: the last 30 days, every site)",
      answers: {
        200: {
          description: 'The funnel, feedback with NPS and averages, and both by week and by site.',
          body: dashboardFiguresSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    validQuery(dashboardQuerySchema),
    async (c) => {
      const query = c.req.valid('query');
      const sites = siteScope(c.get('principal'), query.site);
      return c.json(await dashboardFigures(deps.db, { sites, site: query.site ?? null }, query));
    },
  );

  return app;
}
