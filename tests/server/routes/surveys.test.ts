import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../../server/db/schema';
import { DRIVERS } from '../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, validCustomer, type TestApp } from '../helpers/test-app';

describe.each(DRIVERS)('POST /api/surveys on %s', (driver) => {
  let t: TestApp;
  let customerId: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    const issued = await t.issue();
    customerId = (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body.id;
  });
  afterAll(() => t.close());

  const surveyCount = async () => (await t.database.db.select({ n: count() }).from(surveys))[0]!.n;
  const survey = (overrides: Record<string, unknown> = {}) => ({
    id: 0,
    customerId,
    recommendToOthersScore: 9,
    washQualityScore: 8,
    cleanlinessScore: 10,
    serviceScore: 7,
    valueScore: 0,
    comments: 'Great dryers.',
    ...overrides,
  });

  it('stores a survey and answers 201 with it', async () => {
    const res = await t.call('POST', '/api/surveys', { json: survey() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId, recommendToOthersScore: 9, valueScore: 0, comments: 'Great dryers.' });
    const [row] = await t.database.db.select().from(surveys).where(eq(surveys.id, res.body.id));
    expect(row).toMatchObject({ customerId, cleanlinessScore: 10 });
  });

  it('accepts a survey with every score unanswered and no comments', async () => {
    const res = await t.call('POST', '/api/surveys', { json: { customerId } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ recommendToOthersScore: 0, valueScore: 0, comments: '' });
  });

  it('refuses scores outside 0..10 or not whole, and comments over 2000 characters', async () => {
    const before = await surveyCount();
    for (const bad of [
      { washQualityScore: 11 },
      { serviceScore: -1 },
      { valueScore: 2.5 },
      { cleanlinessScore: '5' },
    ]) {
      const res = await t.call('POST', '/api/surveys', { json: survey(bad) });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.issues)).toEqual(Object.keys(bad));
    }
    const long = await t.call('POST', '/api/surveys', { json: survey({ comments: 'x'.repeat(2001) }) });
    expect(long.status).toBe(400);
    expect(long.body.error.issues.comments).toBe('Comments must be at most 2000 characters');
    expect(await surveyCount()).toBe(before);
  });

  it('answers 422 for a customer that does not exist and writes nothing', async () => {
    const before = await surveyCount();
    const res = await t.call('POST', '/api/surveys', { json: survey({ customerId: 'no-such-customer' }) });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_customer');
    expect(await surveyCount()).toBe(before);
  });

  it('stores one survey for a double tap with one Idempotency-Key', async () => {
    const before = await surveyCount();
    const headers = { 'idempotency-key': 'survey-double-tap' };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/surveys', { json: survey(), headers }),
      t.call('POST', '/api/surveys', { json: survey(), headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await surveyCount()).toBe(before + 1);
  });
});

describe.each(DRIVERS)('GET /api/admin/customers/:id/surveys on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it("lists a customer's surveys to the operator, and only to the operator", async () => {
    const issued = await t.issue();
    const customerId = (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body
      .id as string;
    await t.call('POST', '/api/surveys', { json: { customerId, valueScore: 8, comments: 'Fast.' } });
    const auth = { authorization: `Bearer ${ADMIN_API_KEY}` };
    const res = await t.call('GET', `/api/admin/customers/${customerId}/surveys`, { headers: auth, anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ customerId, valueScore: 8, comments: 'Fast.', createdAt: expect.any(String) }),
    ]);
    expect((await t.call('GET', `/api/admin/customers/${customerId}/surveys`)).status).toBe(401);
  });
});
