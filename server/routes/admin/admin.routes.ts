import { timingSafeEqual } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { CountryCode } from 'libphonenumber-js/min';
import { toE164 } from '../../../src/domain/phone';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { validate } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { surveys } from '../../db/schema';
import { ApiError, validationFailed } from '../../lib/api-error';
import { readJson } from '../../lib/read-json';
import { toSurvey } from '../surveys/survey-record';
import { issueRegistration } from './issue-registration';

export interface AdminDeps {
  db: Db;
  adminApiKey: string;
  publicUrl: string;
  tokenTtlDays: number;
  defaultPhoneCountry: CountryCode;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `POST /api/admin/registration-tokens`: what a point-of-sale calls after a membership sale. */
export function adminRoutes(deps: AdminDeps): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1] || !sameSecret(match[1], deps.adminApiKey)) {
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

  /** The operator reads a customer's surveys (oldest first). */
  app.get('/customers/:id/surveys', async (c) => {
    const rows = await deps.db
      .select()
      .from(surveys)
      .where(eq(surveys.customerId, c.req.param('id')))
      .orderBy(asc(surveys.createdAt));
    return c.json({ results: rows.map(toSurvey) });
  });

  return app;
}
