import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { Hono, type Context, type Next } from 'hono';
import type { CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { pageQuerySchema, recordId, type Page } from '../../../src/domain/paging';
import { toE164 } from '../../../src/domain/phone';
import { newRegistrationSchema } from '../../../src/domain/registration';
import type { Survey } from '../../../src/domain/survey';
import { validate } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { customers, surveys } from '../../db/schema';
import { ApiError, validationFailed } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { readJson } from '../../lib/read-json';
import type { Throttles } from '../../limits/throttles';
import { toSurvey } from '../surveys/survey-record';
import { issueRegistration } from './issue-registration';

export interface AdminDeps {
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

const customerIdSchema = recordId('No customer has this id.');

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

  app.post('/registration-tokens', async (c) => {
    const { body } = await readJson(c);
    const result = validate(newRegistrationSchema, body);
    if (!result.ok) throw validationFailed(result.errors);
    // A point-of-sale may send a national number; it is read in the operator's own country.
    const mobileNumber = toE164(result.value.mobileNumber, deps.defaultPhoneCountry);
    if (!mobileNumber) throw validationFailed({ mobileNumber: 'Enter a valid mobile number' });
    const issued = await issueRegistration(deps.db, { ...result.value, mobileNumber }, deps);
    return c.json(issued, 201);
  });

  /** The operator reads a customer's surveys, oldest first, a page at a time (`?limit=&after=`). */
  app.get('/customers/:id/surveys', async (c) => {
    const id = v.safeParse(customerIdSchema, c.req.param('id'));
    if (!id.success) throw new ApiError(404, 'not_found', 'No customer has this id.');
    const query = validate(pageQuerySchema, c.req.query());
    if (!query.ok) throw validationFailed(query.errors);
    const { limit, after } = query.value;

    const [customer] = await deps.db.select({ id: customers.id }).from(customers).where(eq(customers.id, id.output));
    if (!customer) throw new ApiError(404, 'not_found', 'No customer has this id.');
    // Keyset paging: rows after the cursor's (created_at, id), compared in SQL at the database's precision.
    const cursor = after
      ? sql`(${surveys.createdAt}, ${surveys.id}) > (select created_at, id from surveys where id = ${after})`
      : undefined;
    const rows = await deps.db
      .select()
      .from(surveys)
      .where(and(eq(surveys.customerId, customer.id), cursor))
      .orderBy(asc(surveys.createdAt), asc(surveys.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return c.json({
      results: page.map(toSurvey),
      nextCursor: rows.length > limit ? page.at(-1)!.id : null,
    } satisfies Page<Survey & { createdAt: string }>);
  });

  return app;
}
