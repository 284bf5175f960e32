import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registrations } from '../../../server/platform/db/schema';
import { hashToken } from '../../../server/platform/values/tokens';
import {
  MAX_PHONE_INPUT_LENGTH,
  sanitizePhoneInput,
  sanitizePhoneInputWithCaret,
} from '../../../src/components/phone-input/sanitize-phone-input';
import { customerSchema } from '../../../src/domain/customer';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { SURVEY_COMMENTS_MAX, SURVEY_QUESTIONS, surveySchema } from '../../../src/domain/survey';
import { validate } from '../../../src/domain/validation';
import { ADMIN_API_KEY, startTestApp, validCustomer as customerFixture, type TestApp } from '../helpers/test-app';
import { NO_WRITES, WriteLedger, errorContractViolation, type RowCounts } from './support/api-oracle';
import {
  CUSTOMER_KEYS,
  CUSTOMER_TRIMMED_FIELDS,
  FRESH_REGISTRATION,
  KNOWN_CUSTOMER,
  SALE_KEYS,
  SURVEY_KEYS,
  customerBody,
  forwardedFor,
  idempotencyKey,
  nastyString,
  rawBody,
  saleBody,
  surveyBody,
  tokenSource,
  validCustomer,
  type TokenSource,
} from './support/arbitraries';

/**
 * Fuzz: generated requests for every POST and the lookup. Whatever comes in, the API never answers 5xx, every
 * 4xx is the JSON error contract, and a refused request writes nothing. A new seed every run, so the runs add up to
 * more cases than any one of them; it is in the suite's name, and fast-check prints it with the counterexample's
 * path when a property fails: `FUZZ_SEED=… npx vitest run tests/server/resilience/fuzz.test.ts` replays it.
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** HTTP cases per run: 1,000 in `npm test`, 10,000 in `npm run test:deep` (FUZZ_RUNS). */
const HTTP_CASES = Number(process.env.FUZZ_RUNS ?? 1000);
/** The run's HTTP cases, split by request kind. */
const HTTP_RUNS = {
  customers: Math.ceil(HTTP_CASES * 0.3),
  surveys: Math.ceil(HTTP_CASES * 0.2),
  sales: Math.ceil(HTTP_CASES * 0.2),
  rawBodies: Math.ceil(HTTP_CASES * 0.1),
  lookups: Math.ceil(HTTP_CASES * 0.2),
};
/** The schema and sanitiser properties cost microseconds a case. */
const UNIT_RUNS = 2000;
/**
 * 10,000 HTTP cases took about 22 s on a 2-core machine under moderate load and about 55 s under heavy load (load
 * average 10); each property's limit leaves room for a busier CI runner.
 */
const HTTP_TIMEOUT_MS = 180_000;

type Route = '/api/customers' | '/api/surveys' | '/api/admin/registration-tokens';
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

describe(`fuzz: the HTTP API on pglite (FUZZ_SEED=${seed})`, () => {
  let t: TestApp;
  let ledger: WriteLedger;
  let knownCustomerId = '';
  const tokens = { open: '', completed: '', expired: '' };
  /** Answers by status, per property: shows how deep the generated requests get (a 201 passed every check). */
  let statuses = new Map<number, number>();
  const tally = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

  beforeAll(async () => {
    // Every lookup miss counts against its client address: lift the limit so misses reach the database path.
    t = await startTestApp('pglite', { LOOKUP_MISSES_PER_MINUTE: '100000' });
    const forCustomer = await t.issue();
    const customer = await t.call('POST', '/api/customers', { json: customerFixture(forCustomer.registration.id) });
    knownCustomerId = customer.body.id as string;
    tokens.completed = forCustomer.token;
    tokens.open = (await t.issue()).token;
    const expired = await t.issue();
    await t.database.db
      .update(registrations)
      // Issued a week ago, expired a minute ago: an expiry before its creation cannot happen.
      .set({ createdAt: new Date(Date.now() - 7 * 86_400_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(registrations.id, expired.registration.id));
    tokens.expired = expired.token;
    ledger = new WriteLedger(t.database.db);
  });

  // Each property starts from the rows as they are.
  beforeEach(async () => {
    statuses = new Map();
    await ledger.start();
  });
  const answers = () =>
    `answers: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`;

  afterAll(async () => {
    await t.close();
  });

  /** Swaps the placeholders of a generated body for a registration issued just now or a customer that exists. */
  async function fill(body: unknown): Promise<unknown> {
    if (!isObject(body)) return body;
    const filled: Json = { ...body };
    if (filled.registrationId === FRESH_REGISTRATION) {
      filled.registrationId = (await t.issue()).registration.id;
      await ledger.wrote({ ...NO_WRITES, registrations: 1 });
    }
    if (filled.customerId === KNOWN_CUSTOMER) filled.customerId = knownCustomerId;
    return filled;
  }

  /** What a 201 on this route must have written, and nothing else. */
  function expectedWrites(route: Route, body: unknown, key: string | undefined): RowCounts {
    const keys = key === undefined ? 0 : 1;
    if (route === '/api/customers') {
      const manual = isObject(body) && typeof body.registrationId === 'string' && body.registrationId.trim() === '-1';
      return { ...NO_WRITES, customers: 1, completed: 1, registrations: manual ? 1 : 0, idempotencyKeys: keys };
    }
    if (route === '/api/surveys') return { ...NO_WRITES, surveys: 1, idempotencyKeys: keys };
    return { ...NO_WRITES, registrations: 1 };
  }

  async function post(
    route: Route,
    sent: { json: unknown } | { raw: string; contentType: string | undefined },
    headers: Record<string, string>,
    key: string | undefined,
  ) {
    const body = 'json' in sent ? await fill(sent.json) : undefined;
    const result = await t.call('POST', route, {
      ...('json' in sent ? { json: body } : { rawBody: sent.raw }),
      headers: {
        ...headers,
        ...('raw' in sent && sent.contentType ? { 'content-type': sent.contentType } : {}),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
    });
    tally(result.status);
    const where = `POST ${route} answered ${result.status} ${JSON.stringify(result.body)?.slice(0, 300)}`;

    if (result.status >= 500) throw new Error(`${where}: a 5xx`);
    if (result.status >= 400) {
      const violation = errorContractViolation(result);
      if (violation) throw new Error(`${where}: not the JSON error contract (${violation})`);
    } else if (result.status !== 201) {
      throw new Error(`${where}: a POST answers 201 or an error`);
    }

    const replayed = result.headers.get('idempotent-replayed') === 'true';
    const mismatch = await ledger.mismatch(
      result.status === 201 && !replayed ? expectedWrites(route, body, key) : NO_WRITES,
    );
    if (mismatch) throw new Error(`${where}: ${mismatch}`);
    if (result.status === 201) {
      const id = route === '/api/admin/registration-tokens' ? result.body?.token : result.body?.id;
      if (typeof id !== 'string' || id === '') throw new Error(`${where}: a 201 without its id`);
    }
  }

  const apiKey = fc.oneof(
    { arbitrary: fc.constant<Record<string, string>>({}), weight: 19 },
    { arbitrary: fc.constant<Record<string, string>>({ 'x-api-key': 'wrong-key-000' }), weight: 1 },
  );
  const adminAuth = fc.oneof(
    { arbitrary: fc.constant(`Bearer ${ADMIN_API_KEY}`), weight: 16 },
    {
      arbitrary: fc.constantFrom('', 'Bearer ', `bearer ${ADMIN_API_KEY}`, `Bearer ${ADMIN_API_KEY}x`, 'Basic YTpi'),
      weight: 1,
    },
  );

  it(
    `POST /api/customers: ${HTTP_RUNS.customers} generated bodies`,
    async ({ annotate }) => {
      await fc.assert(
        fc.asyncProperty(customerBody, apiKey, idempotencyKey, async (json, headers, key) => {
          await post('/api/customers', { json }, headers, key);
        }),
        { seed, numRuns: HTTP_RUNS.customers },
      );
      await annotate(answers());
    },
    HTTP_TIMEOUT_MS,
  );

  it(
    `POST /api/surveys: ${HTTP_RUNS.surveys} generated bodies`,
    async ({ annotate }) => {
      await fc.assert(
        fc.asyncProperty(surveyBody, apiKey, idempotencyKey, async (json, headers, key) => {
          await post('/api/surveys', { json }, headers, key);
        }),
        { seed, numRuns: HTTP_RUNS.surveys },
      );
      await annotate(answers());
    },
    HTTP_TIMEOUT_MS,
  );

  it(
    `POST /api/admin/registration-tokens: ${HTTP_RUNS.sales} generated bodies`,
    async ({ annotate }) => {
      await fc.assert(
        fc.asyncProperty(saleBody, adminAuth, async (json, authorization) => {
          await post('/api/admin/registration-tokens', { json }, { authorization }, undefined);
        }),
        { seed, numRuns: HTTP_RUNS.sales },
      );
      await annotate(answers());
    },
    HTTP_TIMEOUT_MS,
  );

  it(
    `the three POSTs: ${HTTP_RUNS.rawBodies} bodies that are not JSON, or not only JSON`,
    async ({ annotate }) => {
      const route = fc.constantFrom<Route>('/api/customers', '/api/surveys', '/api/admin/registration-tokens');
      await fc.assert(
        fc.asyncProperty(route, rawBody, async (to, { text, contentType }) => {
          const headers: Record<string, string> =
            to === '/api/admin/registration-tokens' ? { authorization: `Bearer ${ADMIN_API_KEY}` } : {};
          await post(to, { raw: text, contentType }, headers, undefined);
        }),
        { seed, numRuns: HTTP_RUNS.rawBodies },
      );
      await annotate(answers());
    },
    HTTP_TIMEOUT_MS,
  );

  async function isUnopened(token: string): Promise<boolean> {
    const [row] = await t.database.db
      .select({ openedAt: registrations.openedAt })
      .from(registrations)
      .where(eq(registrations.tokenHash, hashToken(token)));
    return row?.openedAt === null;
  }

  /** The path to request for a generated code, and the code the route should see when it is a real one. */
  function lookupPath(source: TokenSource): { path: string; expectFound?: 'open' | 'completed'; token?: string } {
    if (source.kind === 'issued') {
      const real = tokens[source.state];
      const token = {
        none: real,
        append: `${real}A`,
        truncate: real.slice(0, -1),
        upper: real.toUpperCase(),
      }[source.edit];
      const found = token === real && source.state !== 'expired' ? source.state : undefined;
      return { path: `/api/registration-tokens/${token}`, token, ...(found ? { expectFound: found } : {}) };
    }
    let tail = source.text;
    if (source.encode) {
      try {
        tail = encodeURIComponent(source.text);
      } catch {
        // A lone surrogate cannot be percent-encoded: send it as it is, and let URL parsing replace it.
      }
    }
    return { path: `/api/registration-tokens/${tail}` };
  }

  it(
    `GET /api/registration-tokens/:token: ${HTTP_RUNS.lookups} generated codes`,
    async ({ annotate }) => {
      await fc.assert(
        fc.asyncProperty(tokenSource, forwardedFor, async (source, address) => {
          const { path, expectFound, token } = lookupPath(source);
          // The first lookup of a code records when it was opened (the console's funnel); no other lookup writes.
          const firstOpen = expectFound !== undefined && (await isUnopened(token!));
          const result = await t.call('GET', path, {
            headers: address === undefined ? {} : { 'x-forwarded-for': address },
          });
          tally(result.status);
          const where = `GET ${path} answered ${result.status} ${JSON.stringify(result.body)?.slice(0, 200)}`;

          if (expectFound) {
            if (result.status !== 200) throw new Error(`${where}: a real ${expectFound} code must be found`);
            if (result.body.token !== token || result.body.isCompleted !== (expectFound === 'completed')) {
              throw new Error(`${where}: not the registration of this code`);
            }
          } else {
            if (result.status !== 404 && result.status !== 429) throw new Error(`${where}: expected 404 or 429`);
            const violation = errorContractViolation(result);
            if (violation) throw new Error(`${where}: not the JSON error contract (${violation})`);
          }
          const mismatch = await ledger.mismatch(firstOpen ? { ...NO_WRITES, opened: 1 } : NO_WRITES);
          if (mismatch) throw new Error(`${where}: a lookup ${mismatch}`);
        }),
        { seed, numRuns: HTTP_RUNS.lookups },
      );
      await annotate(answers());
    },
    HTTP_TIMEOUT_MS,
  );

  /** Bugs this fuzz found (500s), fixed in the shared schemas, pinned by their smallest reproduction. */
  describe('inputs that once answered 500', () => {
    const sale = { mobileNumber: '(201) 555-0143', planName: 'Basic', amount: 10, rechargeDate: '2026-12-31' };
    const admin = { authorization: `Bearer ${ADMIN_API_KEY}` };
    const expectRefused = (status: number) => expect(status).toBe(400);

    it(`a NUL in a customer's name is refused, not a 500`, async () => {
      const issued = await t.issue();
      const result = await t.call('POST', '/api/customers', {
        json: customerFixture(issued.registration.id, { firstName: 'Da\u0000na' }),
      });
      expectRefused(result.status);
    });

    it(`a NUL in a survey's customerId is refused, not a 500`, async () => {
      const result = await t.call('POST', '/api/surveys', { json: { customerId: 'c\u0000' } });
      expectRefused(result.status);
    });

    it(`a NUL in a sale's plan name is refused, not a 500`, async () => {
      const result = await t.call('POST', '/api/admin/registration-tokens', {
        json: { ...sale, planName: 'Basic\u0000' },
        headers: admin,
      });
      expectRefused(result.status);
    });

    it(`a saleDate with an hour-only offset is refused, not a 500`, async () => {
      const result = await t.call('POST', '/api/admin/registration-tokens', {
        json: { ...sale, saleDate: '2026-01-01T00:00:00+05' },
        headers: admin,
      });
      expectRefused(result.status);
    });

    it(`a saleDate in year 0000 is refused, not a 500`, async () => {
      const result = await t.call('POST', '/api/admin/registration-tokens', {
        json: { ...sale, saleDate: '0000-06-01T00:00:00Z' },
        headers: admin,
      });
      expectRefused(result.status);
    });

    it(`a rechargeDate in year 0000 is refused, not a 500`, async () => {
      const result = await t.call('POST', '/api/admin/registration-tokens', {
        json: { ...sale, rechargeDate: '0000-01-01' },
        headers: admin,
      });
      expectRefused(result.status);
    });

    it('a saleDate on a day that does not exist is refused, not rolled over', async () => {
      const result = await t.call('POST', '/api/admin/registration-tokens', {
        json: { ...sale, saleDate: '2026-02-30T00:00:00Z' },
        headers: admin,
      });
      expectRefused(result.status);
    });
  });
});

describe(`fuzz: the shared schemas and the phone sanitiser (FUZZ_SEED=${seed})`, () => {
  const params = { seed, numRuns: UNIT_RUNS };
  const anyValue = fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: true,
    withObjectString: true,
    withBoxedValues: true,
  });

  /** Never throws; refuses with at least one non-empty message, each under a field of the schema (or the root). */
  function expectWellFormed(result: ReturnType<typeof validate>, keys: readonly string[]) {
    if (result.ok) return;
    const entries = Object.entries(result.errors);
    expect(entries.length).toBeGreaterThan(0);
    for (const [path, message] of entries) {
      expect(['', ...keys]).toContain(path);
      expect(typeof message === 'string' && message.trim() !== '').toBe(true);
    }
  }

  it('validate(customerSchema) answers ok or field messages for any input', () => {
    fc.assert(
      fc.property(fc.oneof(customerBody, anyValue), (input) => {
        const result = validate(customerSchema, input);
        expectWellFormed(result, CUSTOMER_KEYS);
        if (result.ok) {
          expect(result.value.isAgreedToTerms).toBe(true);
          for (const field of CUSTOMER_TRIMMED_FIELDS) expect(result.value[field]).toBe(result.value[field].trim());
        }
      }),
      params,
    );
  });

  it('validate(surveySchema) answers ok or field messages for any input', () => {
    fc.assert(
      fc.property(fc.oneof(surveyBody, anyValue), (input) => {
        const result = validate(surveySchema, input);
        expectWellFormed(result, SURVEY_KEYS);
        if (result.ok) {
          for (const question of SURVEY_QUESTIONS) {
            expect(Number.isInteger(result.value[question]) && result.value[question] >= 0).toBe(true);
            expect(result.value[question]).toBeLessThanOrEqual(10);
          }
        }
      }),
      params,
    );
  });

  it('validate(newRegistrationSchema) answers ok or field messages for any input', () => {
    fc.assert(
      fc.property(fc.oneof(saleBody, anyValue), (input) => {
        expectWellFormed(validate(newRegistrationSchema, input), SALE_KEYS);
      }),
      params,
    );
  });

  it('accepts every valid customer, and accepts its own output unchanged', () => {
    fc.assert(
      fc.property(validCustomer, (input) => {
        const first = validate(customerSchema, input);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(validate(customerSchema, first.value)).toEqual(first);
      }),
      params,
    );
  });

  it('ignores whitespace around the text fields it trims', () => {
    const padding = fc.string({
      unit: fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\ufeff'),
      maxLength: 4,
    });
    fc.assert(
      fc.property(
        validCustomer,
        fc.constantFrom(...CUSTOMER_TRIMMED_FIELDS),
        padding,
        padding,
        (input, field, before, after) => {
          fc.pre(typeof input[field] === 'string');
          const padded = { ...input, [field]: `${before}${input[field]}${after}` };
          expect(validate(customerSchema, padded)).toEqual(validate(customerSchema, input));
        },
      ),
      params,
    );
  });

  it('takes a survey score exactly when it is a whole number from 0 to 10', () => {
    const score = fc.oneof(
      fc.integer({ min: -20, max: 30 }),
      fc.double({ noNaN: true }),
      fc.constantFrom(-0, 0.5, 9.999, 1e21),
    );
    fc.assert(
      fc.property(fc.constantFrom(...SURVEY_QUESTIONS), score, (question, value) => {
        const result = validate(surveySchema, { customerId: 'c1', [question]: value });
        const acceptable = Number.isInteger(value) && value >= 0 && value <= 10;
        expect(result.ok).toBe(acceptable);
        if (!result.ok) expect(Object.keys(result.errors)).toEqual([question]);
      }),
      params,
    );
  });

  it(`takes survey comments up to ${SURVEY_COMMENTS_MAX} characters and refuses longer ones on that field`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SURVEY_COMMENTS_MAX * 2 }),
        fc.constantFrom('x', 'é', ' '),
        (length, unit) => {
          const result = validate(surveySchema, { customerId: 'c1', comments: unit.repeat(length) });
          expect(result.ok).toBe(length <= SURVEY_COMMENTS_MAX);
          if (!result.ok) expect(Object.keys(result.errors)).toEqual(['comments']);
        },
      ),
      params,
    );
  });

  const phoneish = fc.oneof(
    nastyString,
    fc.string({
      unit: fc.constantFrom(
        '0',
        '5',
        '9',
        ' ',
        '(',
        ')',
        '+',
        '-',
        '.',
        '/',
        'x',
        '０',
        '９',
        '＋',
        '（',
        '⑴',
        '٣',
        '\u00a0',
      ),
      maxLength: 300,
    }),
  );

  it('the phone sanitiser keeps only digits, spaces, ( ) + - and at most 250 characters, idempotently', () => {
    fc.assert(
      fc.property(phoneish, (text) => {
        const once = sanitizePhoneInput(text);
        expect(once).toMatch(/^[0-9 ()+-]*$/);
        expect(once.length).toBeLessThanOrEqual(MAX_PHONE_INPUT_LENGTH);
        expect(sanitizePhoneInput(once)).toBe(once);
      }),
      params,
    );
  });

  it('the phone sanitiser keeps the allowed ASCII characters of any ASCII text, in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 300 }), (text) => {
        const kept = [...text].filter((char) => /[0-9 ()+-]/.test(char)).join('');
        expect(sanitizePhoneInput(text)).toBe(kept.slice(0, MAX_PHONE_INPUT_LENGTH));
      }),
      params,
    );
  });

  it('the phone sanitiser reads full-width digits and signs as ASCII ones', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9 ()+-]{0,40}$/), (ascii) => {
        const fullWidth = ascii.replace(/[0-9()+-]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
        expect(sanitizePhoneInput(fullWidth)).toBe(ascii);
      }),
      params,
    );
  });

  it('the caret-keeping sanitiser agrees with the plain one and keeps the caret inside the text', () => {
    fc.assert(
      fc.property(phoneish, fc.nat(), (text, at) => {
        const caret = text.length === 0 ? 0 : at % (text.length + 1);
        const result = sanitizePhoneInputWithCaret(text, caret);
        expect(result.text).toBe(sanitizePhoneInput(text));
        expect(result.caret).toBeGreaterThanOrEqual(0);
        expect(result.caret).toBeLessThanOrEqual(result.text.length);
      }),
      params,
    );
  });
});
