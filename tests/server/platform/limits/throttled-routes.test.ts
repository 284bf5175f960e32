import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, followUpCases, surveys } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

/** The production budgets (an empty value is the default), as docs/configuration.md gives them. */
const DEFAULT_BUDGETS = {
  MANUAL_SIGNUPS_PER_HOUR: '',
  MANUAL_SIGNUP_CASES_PER_HOUR: '',
  SURVEYS_PER_CUSTOMER_PER_DAY: '',
  SURVEYS_PER_HOUR: '',
  ADMIN_KEY_FAILURES_PER_HOUR: '',
};

describe.each(DRIVERS)('write throttles on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, DEFAULT_BUDGETS);
  });
  afterAll(() => t.close());

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const rows = async (table: typeof customers | typeof surveys) =>
    (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  const newCustomer = async () => {
    const issued = await t.issue();
    return (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body.id as string;
  };

  it('allows 20 manual sign-ups an hour from one client, then 429 and nothing written', async () => {
    const signUp = (address: string) =>
      t.call('POST', '/api/customers', {
        json: validCustomer('-1', { mobileNumber: '+14155550123' }),
        headers: from(address),
      });
    for (let i = 0; i < 20; i += 1) expect((await signUp('192.0.2.10')).status).toBe(201);
    const before = await rows(customers);
    const refused = await signUp('192.0.2.10');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rows(customers)).toBe(before);
    expect((await signUp('192.0.2.11')).status).toBe(201);
  });

  it('does not count sign-ups through an issued code', async () => {
    for (let i = 0; i < 25; i += 1) {
      const issued = await t.issue();
      const res = await t.call('POST', '/api/customers', {
        json: validCustomer(issued.registration.id),
        headers: from('192.0.2.20'),
      });
      expect(res.status).toBe(201);
    }
  });

  it('takes three surveys a day from one customer; a retry of one of them is not another', async () => {
    const customerId = await newCustomer();
    const post = (headers: Record<string, string> = {}) =>
      t.call('POST', '/api/surveys', {
        json: { customerId, valueScore: 9 },
        headers: { ...from('192.0.2.30'), ...headers },
      });
    const first = await post({ 'idempotency-key': 'survey-retried' });
    expect(first.status).toBe(201);
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const replay = await post({ 'idempotency-key': 'survey-retried' });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);

    const before = await rows(surveys);
    const fourth = await post({ ...from('192.0.2.31') });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.code).toBe('rate_limited');
    expect(await rows(surveys)).toBe(before);

    // Another customer on the same network is not held back by this one.
    const other = await newCustomer();
    expect(
      (await t.call('POST', '/api/surveys', { json: { customerId: other }, headers: from('192.0.2.30') })).status,
    ).toBe(201);
  });

  it('opens a case for 3 detractors signed up without a code from one client an hour; later ones keep their survey', async () => {
    const surveyed = async (customerId: string, address: string) => {
      const res = await t.call('POST', '/api/surveys', {
        json: { customerId, recommendToOthersScore: 1, comments: 'Awful' },
        headers: from(address),
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const manualDetractor = async (address: string) => {
      const signUp = await t.call('POST', '/api/customers', {
        json: validCustomer('-1', { mobileNumber: '+14155550123' }),
        headers: from(address),
      });
      expect(signUp.status).toBe(201);
      return surveyed(signUp.body.id as string, address);
    };
    const casesOf = async (surveyId: string) =>
      (await t.database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, surveyId))).length;

    const fromOne = [];
    for (let i = 0; i < 4; i += 1) fromOne.push(await manualDetractor('192.0.2.60'));
    expect(await Promise.all(fromOne.map(casesOf))).toEqual([1, 1, 1, 0]);
    const [kept] = await t.database.db.select().from(surveys).where(eq(surveys.id, fromOne[3]!));
    expect(kept).toMatchObject({ recommendToOthersScore: 1, comments: 'Awful' });

    // Another client's sign-up is not held back, nor a member who came with a code on the same network.
    expect(await casesOf(await manualDetractor('192.0.2.61'))).toBe(1);
    expect(await casesOf(await surveyed(await newCustomer(), '192.0.2.60'))).toBe(1);
  });

  it('refuses the eleventh wrong admin key in an hour with 429, and then the right key from that client too', async () => {
    const issue = (address: string, key: string) =>
      t.call('POST', '/api/admin/registration-tokens', {
        anonymous: true,
        json: { mobileNumber: '+12015550143', planName: 'Club', amount: 29.99, rechargeDate: '2026-12-15' },
        headers: { ...from(address), authorization: `Bearer ${key}` },
      });
    for (let i = 0; i < 10; i += 1) expect((await issue('192.0.2.40', `wrong-key-number-${i}`)).status).toBe(401);
    const limited = await issue('192.0.2.40', 'wrong-key-number-10');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await issue('192.0.2.40', ADMIN_API_KEY)).status).toBe(429);
    expect((await issue('192.0.2.41', ADMIN_API_KEY)).status).toBe(201);
  });
});

describe.each(DRIVERS)('surveys per client on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { SURVEYS_PER_HOUR: '5' });
  });
  afterAll(() => t.close());

  it('caps the surveys one client sends in an hour, whichever customers they name', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const issued = await t.issue();
      const customerId = (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body
        .id as string;
      const res = await t.call('POST', '/api/surveys', {
        json: { customerId },
        headers: { 'x-forwarded-for': '192.0.2.50' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
