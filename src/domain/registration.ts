import * as v from 'valibot';
import { savedProfileSchema } from './customer';
import { smsStatusSchema } from './webhooks';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

const nullableString = v.nullable(v.string());

/** The registration record of docs/spec.md §3, as `GET /api/registration-tokens/:token` answers it. */
export const registrationAnswerSchema = v.object({
  id: v.string(),
  amount: v.number(),
  isCompleted: v.boolean(),
  mobileNumber: v.pipe(v.string(), v.description('E.164 while open; only the last four digits once completed.')),
  planName: v.string(),
  /** `YYYY-MM-DD`, or '' when the plan has none. */
  rechargeDate: v.string(),
  /** ISO 8601 timestamp. */
  saleDate: v.string(),
  siteId: v.string(),
  sourceSystem: v.string(),
  token: v.string(),
  customerId: nullableString,
  isReturningCustomer: v.boolean(),
  /** A returning member's last saved profile, to pre-fill the form; absent otherwise and once completed. */
  profile: v.optional(savedProfileSchema),
});
export type Registration = v.InferOutput<typeof registrationAnswerSchema>;

/**
 * A calendar date both JavaScript and PostgreSQL read the same way: `Date` rolls 2026-02-30 over to March, and
 * PostgreSQL has no year 0, so only real dates of plausible years pass.
 */
function isRealDate(ymd: string): boolean {
  const date = new Date(`${ymd}T00:00:00Z`);
  const year = Number(ymd.slice(0, 4));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd && year >= 1900 && year <= 2999;
}

const isoDate = v.pipe(
  v.string('Use a date as YYYY-MM-DD'),
  v.isoDate('Use a date as YYYY-MM-DD'),
  v.check(isRealDate, 'Use a real calendar date'),
);

const isoTimestamp = v.pipe(
  v.string('Use an ISO 8601 timestamp'),
  v.isoTimestamp('Use an ISO 8601 timestamp'),
  // valibot accepts spellings (an hour-only offset, "+05") that `Date` cannot read.
  v.check(
    (value) => isRealDate(value.slice(0, 10)) && !Number.isNaN(new Date(value).getTime()),
    'Use a real date and time, such as 2026-11-22T14:30:00Z',
  ),
);

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max), plainText(UNSUPPORTED_CHARACTERS));

/** A site's id names a place on one line: no tab or line break inside it either (a log or CSV row would split). */
const siteIdText = v.pipe(
  text(40),
  v.check((id) => !/[\t\n\r]/.test(id), UNSUPPORTED_CHARACTERS),
);

/** What a point-of-sale sends to `POST /api/admin/registration-tokens` after a membership sale. */
export const newRegistrationSchema = v.object({
  mobileNumber: v.pipe(v.string('mobileNumber is required'), v.trim(), v.nonEmpty('mobileNumber is required')),
  planName: v.pipe(
    v.string('planName is required'),
    v.trim(),
    v.nonEmpty('planName is required'),
    v.maxLength(80),
    plainText(UNSUPPORTED_CHARACTERS),
  ),
  amount: v.pipe(
    v.number('amount must be a number'),
    v.minValue(0, 'amount must not be negative'),
    v.maxValue(100_000, 'amount is too large'),
  ),
  rechargeDate: isoDate,
  saleDate: v.optional(isoTimestamp),
  /**
   * Left out: the caller's one site when they may issue for exactly one (a till's key, a one-site manager), site
   * "0" when they may issue for every site; a caller of several sites must say which (decision 045).
   */
  siteId: v.optional(siteIdText),
  sourceSystem: v.optional(text(40), ''),
  isReturningCustomer: v.optional(v.boolean(), false),
  /** `sms`: text the link to the mobile number (when the server has an SMS provider). */
  send: v.optional(v.picklist(['sms'], 'send must be "sms" or left out')),
});

export type NewRegistration = v.InferOutput<typeof newRegistrationSchema>;

/** The answer of `POST /api/admin/registration-tokens`. */
export const issuedRegistrationSchema = v.object({
  token: v.string(),
  url: v.string(),
  registration: registrationAnswerSchema,
  /** Present when the link was sent by text: `queued` at first, then `sent` or `failed`. */
  sms: v.optional(smsStatusSchema),
});
export type IssuedRegistration = v.InferOutput<typeof issuedRegistrationSchema>;

/** `GET /api/admin/registrations/:id`: how far an issued registration has come, and its text message. */
export const registrationProgressSchema = v.object({
  id: v.string(),
  siteId: v.string(),
  planName: v.string(),
  issuedAt: v.string(),
  openedAt: nullableString,
  completedAt: nullableString,
  customerId: nullableString,
  sms: v.nullable(smsStatusSchema),
});
export type RegistrationProgress = v.InferOutput<typeof registrationProgressSchema>;
