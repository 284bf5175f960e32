import { Hono } from 'hono';
import type { CountryCode } from 'libphonenumber-js/min';
import { newVisitSchema, visitAnswerSchema } from '../../../src/domain/visits';
import { allow, issuerKey, visibleSites, type AdminEnv } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import type { Throttles } from '../../platform/limits/throttles';
import { recordVisit } from './record-visit';

/**
 * `POST /api/visits`: a point-of-sale reports a wash (decision 052). Only a key with `visits:write` (or the command
 * line) records one, and a key limited to sites only for those; its own visit id makes it idempotent.
 */
export function visitRoutes(deps: { db: Db; throttles: Throttles; defaultPhoneCountry: CountryCode }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.post(
    '/',
    describe({
      summary: "Record a visit from the point-of-sale, by the member's number or customer id",
      answers: {
        201: { description: 'The visit, recorded; a `visit.recorded` event is sent.', body: visitAnswerSchema },
        200: {
          description: 'The site already has this `externalId` for the same visit: the visit as first recorded.',
          body: visitAnswerSchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'external_id_reused', 'rate_limited'],
    }),
    // No staff role: the console shows visits, only a point-of-sale's key reports them.
    allow({ key: 'visits:write' }),
    jsonBody,
    validJson(newVisitSchema),
    async (c) => {
      const principal = c.get('principal');
      const visit = c.req.valid('json');
      const sites = visibleSites(principal);
      if (sites !== 'all' && !sites.includes(visit.siteId)) {
        throw new ApiError(403, 'forbidden', 'This API key may record visits only at its own sites.');
      }
      const budget = { throttle: deps.throttles.visitsByIssuer, key: issuerKey(principal) };
      await budget.throttle.check(c, budget.key);
      const recorded = await recordVisit(deps.db, visit, {
        defaultPhoneCountry: deps.defaultPhoneCountry,
        recordedByKeyId: principal.kind === 'key' ? principal.key.id : null,
      });
      // Counted once recorded, never refused then: a retry answers what was recorded and costs nothing.
      if (recorded.created) await budget.throttle.spend(budget.key);
      return c.json(recorded.visit, recorded.created ? 201 : 200);
    },
  );

  return app;
}
