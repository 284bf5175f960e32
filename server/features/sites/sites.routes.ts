import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { includeDemoFilter } from '../../../src/domain/demo-data';
import type { SendingWindow } from '../../../src/domain/quiet-hours';
import { newSiteSchema, SITE_MESSAGES, siteChangeSchema, siteListSchema, siteSchema } from '../../../src/domain/sites';
import { allow, auditedBy, visibleSites, type AdminEnv } from '../../platform/access/principal';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { removeDemoDataIn } from '../demo/remove-demo-data';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validChange, validJson, validQuery } from '../../platform/http/request-input';
import { CHANGE_REFUSALS, describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import { createSite, listSites, updateSite } from './sites';

const NO_SUCH_SITE = 'There is no such site.';

/**
 * `/api/admin/sites`: the places that sell memberships, by name (decision 024). Everyone signed in lists the sites
 * they may see (a manager: their own), which every console page's site list reads; owners add, name, edit and
 * deactivate them, each change audited in its transaction. The point-of-sale keeps sending `siteId` as before.
 */
export function siteRoutes(deps: { db: Db; defaultTimeZone: string; smsWindow: SendingWindow }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const ownersOnly = allow('owner');

  app.get(
    '/admin/sites',
    describe({
      summary: 'The sites the caller may see, by name',
      answers: {
        200: {
          description:
            '`{ results: [site…], defaultTimeZone }`, by name; inactive sites included, a site made only for the demo not (decision 049).',
          body: siteListSchema,
        },
      },
      refusals: ['validation_failed', 'unauthorized', 'forbidden', 'rate_limited'],
    }),
    allow('owner', 'manager'),
    validQuery(v.object(includeDemoFilter)),
    async (c) =>
      c.json({
        results: await listSites(
          deps.db,
          visibleSites(c.get('principal')),
          deps.defaultTimeZone,
          deps.smsWindow,
          c.req.valid('query'),
        ),
        defaultTimeZone: deps.defaultTimeZone,
      }),
  );

  app.post(
    '/admin/sites',
    describe({
      summary: "Add a site under its point-of-sale's id",
      answers: { 201: { description: 'The site, named.', body: siteSchema } },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'already_exists', 'rate_limited'],
    }),
    ownersOnly,
    jsonBody,
    validJson(newSiteSchema),
    async (c) => {
      const created = await deps.db.transaction(async (tx) => {
        // The first real site ends the demo (decision 049): its data goes first, so the demo's site id is free.
        await removeDemoDataIn(tx, { ...auditedBy(c), reason: 'first_real_site' });
        const site = await createSite(tx, c.req.valid('json'), deps.defaultTimeZone, deps.smsWindow);
        if (!site) {
          throw new ApiError(409, 'already_exists', SITE_MESSAGES.idTaken, { id: SITE_MESSAGES.idTaken });
        }
        await recordAudit(tx, { ...auditedBy(c), action: 'site_added', subjectId: site.id });
        return site;
      });
      return c.json(created, 201);
    },
  );

  app.patch(
    '/admin/sites/:id',
    describe({
      summary: "Change a site's name, address, time zone, review link, sending window or whether it is active",
      answers: { 200: { description: 'The site as changed.', body: siteSchema } },
      refusals: [...CHANGE_REFUSALS, 'unauthorized', 'forbidden', 'not_found', 'rate_limited'],
    }),
    ownersOnly,
    validator('param', v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(200)) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_SITE);
    }),
    jsonBody,
    validChange(siteChangeSchema),
    async (c) => {
      const changed = await deps.db.transaction(async (tx) => {
        const site = await updateSite(
          tx,
          c.req.valid('param').id,
          c.req.valid('json'),
          deps.defaultTimeZone,
          deps.smsWindow,
        );
        if (!site) throw new ApiError(404, 'not_found', NO_SUCH_SITE);
        await recordAudit(tx, { ...auditedBy(c), action: 'site_changed', subjectId: site.id });
        return site;
      });
      return c.json(changed);
    },
  );

  return app;
}
