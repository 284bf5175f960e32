import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type Next } from 'hono';
import { validator } from 'hono-openapi';
import type { CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { pageQuerySchema, recordId } from '../../../src/domain/paging';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { NO_SUCH_CUSTOMER } from '../../customers/find-customer';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { jsonBody, validJson, validQuery } from '../../lib/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../lib/route-description';
import type { Throttles } from '../../limits/throttles';
import { issueRegistration } from '../../registrations/issue-registration';
import { listCustomerSurveys } from '../../surveys/list-customer-surveys';

interface AdminDeps {
  db: Db;
  adminApiKey: string;
  publicUrl: string;
  tokenTtlDays: number;
  defaultPhoneCountry: CountryCode;
  throttles: Throttles;
  trustProxyHops: number;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `POST /api/admin/registration-tokens`: what a point-of-sale calls after a membership sale. */
export function adminRoutes(deps: AdminDeps): Hono {
  const app = new Hono();

  // Guessing the key gets a few tries an hour per client; past them the client is refused even with the right
  // key until the hour is over, or the guessing would go on at full speed.
  app.use('*', async (c: Context, next: Next) => {
    const client = clientLimitKey(c, deps.trustProxyHops);
    await deps.throttles.adminKeyFailures.check(c, client);
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1] || !sameSecret(match[1], deps.adminApiKey)) {
      await deps.throttles.adminKeyFailures.take(c, client);
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError(401, 'unauthorized', 'A valid admin bearer token is required.');
    }
    await next();
  });

  app.post(
    '/registration-tokens',
    describe({
      summary: 'Issue a registration code for a membership sale',
      answers: { 201: 'The registration, with its code and the link to text the customer.' },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'rate_limited'],
    }),
    jsonBody,
    validJson(newRegistrationSchema),
    async (c) => c.json(await issueRegistration(deps.db, c.req.valid('json'), deps), 201),
  );

  /** The operator reads a customer's surveys, oldest first, a page at a time (`?limit=&after=`). */
  app.get(
    '/customers/:id/surveys',
    describe({
      summary: "A page of a customer's surveys, oldest first",
      answers: { 200: 'The page, and the `after` of the next one (`nextCursor`, null on the last).' },
      refusals: ['validation_failed', 'unauthorized', 'not_found', 'rate_limited'],
    }),
    // An id that is not a UUID names no customer: 404, as an unknown one does, before the query is looked at.
    validator('param', v.object({ id: recordId(NO_SUCH_CUSTOMER) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
    }),
    validQuery(pageQuerySchema),
    async (c) => c.json(await listCustomerSurveys(deps.db, c.req.valid('param').id, c.req.valid('query'))),
  );

  return app;
}
