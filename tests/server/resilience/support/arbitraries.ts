/**
 * fast-check generators for what clients send, shared by the HTTP fuzz and the schema properties so both see the
 * same inputs. Placeholders (`FRESH_REGISTRATION`, `KNOWN_CUSTOMER`) are plain strings to a schema; the HTTP
 * harness swaps them for a registration it has just issued or a customer that exists, so near-valid bodies reach
 * the database instead of stopping at "unknown id".
 */
import fc from 'fast-check';
import { US_STATE_CODES } from '../../../../src/domain/us-states';
import { VEHICLE_COLORS, acceptedVehicleYearRange } from '../../../../src/domain/vehicle-options';
import { SURVEY_QUESTIONS, surveySchema } from '../../../../src/domain/survey';
import { hasControlCharacters, showsAsWritten } from '../../../../src/domain/validation';
import { customerSchema } from '../../../../src/domain/customer';
import { newRegistrationSchema } from '../../../../src/domain/registration';

export const FRESH_REGISTRATION = '<fresh-registration>';
export const KNOWN_CUSTOMER = '<known-customer>';

type Json = Record<string, unknown>;

/** Strings people and scripts send: empty, whitespace, control characters (NUL too), any Unicode, long runs. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\t\r\n',
    '\u0000',
    '\u00a0',
    '\ufeff',
    '\u202e',
    '🚗💨',
    'e\u0301',
    'null',
    '-1',
    '0',
    '1e309',
    '__proto__',
    "'; drop table customers; --",
    '<script>alert(1)</script>',
    '%00',
    '../../etc/passwd',
  ),
  fc
    .tuple(fc.constantFrom('x', 'é', '€', '🚗', ' ', '\u0000'), fc.integer({ min: 40, max: 6000 }))
    .map(([unit, times]) => unit.repeat(times)),
);

const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1.5, 10, 11, 2019.5, 1e308, -1e308, 5e-324, 2 ** 53, 100_000.0001),
);

/** Any JSON value, weighted towards the shapes that trip validators. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
);

/** Only the right keys, with any values (each key may be missing). */
export function rightKeysWrongTypes(keys: readonly string[]): fc.Arbitrary<Json> {
  return fc.record(Object.fromEntries(keys.map((key) => [key, anyJson])), { requiredKeys: [] });
}

const REMOVE = Symbol('remove');

/** A valid-looking body with one to three fields replaced, removed or added (`__proto__` as an own key too). */
export function mutated(base: fc.Arbitrary<Json>, keys: readonly string[]): fc.Arbitrary<Json> {
  const edit = fc.tuple(
    fc.constantFrom(...keys, 'unexpected', '__proto__', 'constructor'),
    fc.oneof({ arbitrary: anyJson, weight: 4 }, { arbitrary: fc.constant(REMOVE), weight: 1 }),
  );
  return fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([body, edits]) => {
    const copy: Json = { ...body };
    for (const [key, value] of edits) {
      if (value === REMOVE) delete copy[key];
      else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  });
}

/** Text a schema accepts as it is: 1..max UTF-16 units, no surrounding whitespace, no control characters. */
export function plainText(max: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.string({ minLength: 1, maxLength: max }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.ceil(max / 4) }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: Math.ceil(max / 2) }),
    )
    .filter(
      (text) =>
        text.length <= max &&
        text.trim() === text &&
        text !== '' &&
        // The schemas refuse control characters (PostgreSQL cannot store U+0000); the fuzz sends those elsewhere.
        !hasControlCharacters(text),
    );
}

/** What the customer schema takes in its names, addresses and vehicle fields: something visible, no bidi controls. */
export function visibleText(max: number): fc.Arbitrary<string> {
  return plainText(max).filter(showsAsWritten);
}

/** Every key a body may carry, read from the shared schema itself, so the fuzz follows it. */
const keysOf = <Entries extends object>(entries: Entries) => Object.keys(entries) as (keyof Entries & string)[];

// ---- customers -----------------------------------------------------------------------------------------------

export const CUSTOMER_KEYS = keysOf(customerSchema.pipe[0].entries);

/** Text fields the customer schema trims (and whose padding it must therefore ignore). */
export const CUSTOMER_TRIMMED_FIELDS = [
  'registrationId',
  'firstName',
  'lastName',
  'address',
  'address2',
  'city',
  'postalCode',
  'email',
  'vehicleMake',
  'vehicleModel',
] as const;

const years = acceptedVehicleYearRange();
// A manual sign-up sends the number in E.164, as the phone dialog produces it.
const validPhone = fc.constantFrom('+14155550123', '+12015550143', '+442079460958', '+33142685300');

/** Each field of a customer the schema accepts, with a value it accepts (without the registration's). */
const customerFields = {
  id: fc.constantFrom('', 'ignored-by-the-server'),
  firstName: visibleText(50),
  lastName: visibleText(50),
  address: visibleText(100),
  address2: fc.oneof(fc.constant(null), visibleText(100)),
  city: visibleText(60),
  region: fc.constantFrom(...US_STATE_CODES),
  postalCode: fc.stringMatching(/^\d{5}(?:-\d{4})?$/),
  email: fc.stringMatching(/^[a-z0-9_+-]{1,20}(?:\.[a-z0-9]{1,8})?@[a-z0-9]{1,12}\.[a-z]{2,6}$/),
  vehicleYear: fc.oneof(
    fc.integer({ min: years.min, max: years.max }),
    fc.integer({ min: years.min, max: years.max }).map(String),
  ),
  vehicleMake: visibleText(60),
  vehicleModel: visibleText(60),
  vehicleColor: fc.constantFrom(...VEHICLE_COLORS),
  isSubscribedToNewsletters: fc.boolean(),
  isSubscribedToSmsMessaging: fc.boolean(),
  isAgreedToTerms: fc.constant(true as const),
  consentVersion: plainText(32),
};

/** A customer the schema accepts: with a fresh code (mostly), as a manual sign-up, or with an unknown code. */
export const validCustomer: fc.Arbitrary<Json> = fc
  .tuple(
    fc.record(customerFields, {
      // Whatever the schema does not default may not be left out.
      requiredKeys: keysOf(customerFields).filter((key) => customerSchema.pipe[0].entries[key].type !== 'optional'),
    }),
    fc.oneof(
      { arbitrary: fc.constant({ registrationId: FRESH_REGISTRATION }), weight: 6 },
      { arbitrary: validPhone.map((mobileNumber) => ({ registrationId: '-1', mobileNumber })), weight: 2 },
      { arbitrary: fc.constant({ registrationId: 'no-such-registration' }), weight: 1 },
    ),
  )
  .map(([fields, registration]) => ({ ...fields, ...registration }));

export const customerBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anyJson, weight: 1 },
  { arbitrary: rightKeysWrongTypes(CUSTOMER_KEYS), weight: 2 },
  { arbitrary: validCustomer, weight: 3 },
  { arbitrary: mutated(validCustomer, CUSTOMER_KEYS), weight: 6 },
);

// ---- surveys -------------------------------------------------------------------------------------------------

export const SURVEY_KEYS = keysOf(surveySchema.entries);

export const validSurvey: fc.Arbitrary<Json> = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 40 }), fc.integer()),
    customerId: fc.oneof(
      { arbitrary: fc.constant(KNOWN_CUSTOMER), weight: 5 },
      { arbitrary: plainText(64), weight: 1 },
    ),
    ...Object.fromEntries(SURVEY_QUESTIONS.map((question) => [question, fc.integer({ min: 0, max: 10 })])),
    comments: fc.oneof(
      fc.string({ maxLength: 2000 }),
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.string({ unit: 'binary', maxLength: 400 }),
    ),
  },
  { requiredKeys: ['customerId'] },
);

export const surveyBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anyJson, weight: 1 },
  { arbitrary: rightKeysWrongTypes(SURVEY_KEYS), weight: 2 },
  { arbitrary: validSurvey, weight: 3 },
  { arbitrary: mutated(validSurvey, SURVEY_KEYS), weight: 6 },
);

// ---- registrations (point-of-sale) ---------------------------------------------------------------------------

export const SALE_KEYS = keysOf(newRegistrationSchema.entries);

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** ISO-8601-ish dates, valid and not: year 0000..9999, month 00..13, day 00..32. */
export const dateLike: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);

/** Timestamps in the spellings ISO 8601 and its look-alikes allow: separators, fractions, offsets. */
export const timestampLike: fc.Arbitrary<string> = fc
  .tuple(
    dateLike,
    fc.constantFrom('T', ' ', 't'),
    fc.tuple(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })),
    fc.constantFrom('', '.5', '.123456789', ',5'),
    fc.constantFrom('Z', 'z', '', '+00:00', '+05', '-11', '+0530', '+05:30', '-23:59', '+24:00'),
  )
  .map(([date, separator, [h, m, s], fraction, offset]) => {
    return `${date}${separator}${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${fraction}${offset}`;
  });

const realDate = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** A sale that mostly passes the schema and the number check, so the odd field decides what happens. */
export const validSale: fc.Arbitrary<Json> = fc.record(
  {
    mobileNumber: fc.oneof(
      {
        arbitrary: fc.constantFrom(
          '(201) 555-0143',
          '+12015550143',
          '201-555-0143',
          '+44 20 7946 0958',
          ' 2015550143 ',
        ),
        weight: 4,
      },
      { arbitrary: fc.stringMatching(/^\+?[0-9 ()-]{7,20}$/), weight: 1 },
    ),
    planName: plainText(80),
    amount: fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true }), fc.integer({ min: 0, max: 100_000 })),
    rechargeDate: fc.oneof(
      { arbitrary: realDate.map((date) => date.toISOString().slice(0, 10)), weight: 3 },
      { arbitrary: dateLike, weight: 1 },
    ),
    saleDate: fc.oneof(
      realDate.map(String),
      realDate.map((date) => date.toISOString()),
      { arbitrary: timestampLike, weight: 3 },
    ),
    siteId: fc.oneof(plainText(40), fc.constant('')),
    sourceSystem: fc.oneof(plainText(40), fc.constant('')),
    isReturningCustomer: fc.boolean(),
  },
  { requiredKeys: ['mobileNumber', 'planName', 'amount', 'rechargeDate'] },
);

export const saleBody: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: anyJson, weight: 1 },
  { arbitrary: rightKeysWrongTypes(SALE_KEYS), weight: 2 },
  { arbitrary: validSale, weight: 3 },
  { arbitrary: mutated(validSale, SALE_KEYS), weight: 6 },
);

// ---- raw bodies ----------------------------------------------------------------------------------------------

/** Bodies that are not (only) JSON, under content types that are and are not JSON. */
export const rawBody: fc.Arbitrary<{ text: string; contentType: string | undefined }> = fc.record({
  text: fc.oneof(
    nastyString,
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? ''),
    fc.tuple(validCustomer, fc.nat()).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return text.slice(0, cut % text.length);
    }),
    validSurvey.map((body) => `${JSON.stringify(body)} trailing`),
    validSale.map((body) => `\ufeff${JSON.stringify(body)}`),
    fc.constantFrom('', 'null', '{', '}', '[]', '{"a":1,}', "{'a':1}", 'NaN', '{"__proto__":{"x":1}}'),
    fc.integer({ min: 16 * 1024 - 8, max: 20 * 1024 }).map((size) => `{"comments":"${'x'.repeat(size)}"}`),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/merge-patch+json',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
    undefined,
  ),
});

// ---- registration codes for the lookup -----------------------------------------------------------------------

export type TokenSource =
  | { kind: 'random'; text: string; encode: boolean }
  | { kind: 'issued'; state: 'open' | 'completed' | 'expired'; edit: 'none' | 'append' | 'truncate' | 'upper' };

export const tokenSource: fc.Arbitrary<TokenSource> = fc.oneof(
  fc.record({
    kind: fc.constant('random' as const),
    text: fc.oneof(
      nastyString,
      // The shape of a real code, so the lookup reaches the database.
      fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/),
      // Path syntax, sent as it is: slashes, dot segments, stray and encoded percent signs, a query, a fragment.
      fc.string({
        unit: fc.constantFrom(
          'a',
          'Z',
          '0',
          '-',
          '_',
          '/',
          '%',
          '%2F',
          '%25',
          '%zz',
          '.',
          '..',
          '?',
          '#',
          ' ',
          'é',
          '+',
          ';',
        ),
        maxLength: 12,
      }),
    ),
    encode: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('issued' as const),
    state: fc.constantFrom('open' as const, 'completed' as const, 'expired' as const),
    edit: fc.constantFrom('none' as const, 'append' as const, 'truncate' as const, 'upper' as const),
  }),
);

/** Client addresses as a proxy reports them, or none. */
export const forwardedFor: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('unknown', '203.0.113.7, 10.0.0.1', ' ')),
  { nil: undefined },
);

/** An Idempotency-Key header, sometimes reused across cases so replays and conflicts happen. */
export const idempotencyKey: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  { arbitrary: fc.constantFrom('k1', 'k2', 'k3', 'x'.repeat(201), 'has space'), weight: 1 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 40 }), weight: 1 },
);
