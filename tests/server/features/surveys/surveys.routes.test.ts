import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveys } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

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
    const auth = { authorization: `Bearer ${CLI_KEY}` };
    const res = await t.call('GET', `/api/admin/customers/${customerId}/surveys`, { headers: auth, anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ customerId, valueScore: 8, comments: 'Fast.', createdAt: expect.any(String) }),
    ]);
    expect((await t.call('GET', `/api/admin/customers/${customerId}/surveys`)).status).toBe(401);
  });

  const asOperator = { headers: { authorization: `Bearer ${CLI_KEY}` }, anonymous: true };

  it('pages the list by key, 50 at a time unless asked, each survey once and in order', async () => {
    const issued = await t.issue();
    const customerId = (await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).body
      .id as string;
    // Some rows share a created_at (one transaction): the id breaks the tie.
    await t.database.db
      .insert(surveys)
      .values(Array.from({ length: 120 }, (_, i) => ({ id: randomUUID(), customerId, comments: `survey ${i}` })));
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?after=${cursor}` : '';
      const page = await t.call('GET', `/api/admin/customers/${customerId}/surveys${query}`, asOperator);
      expect(page.status).toBe(200);
      sizes.push(page.body.results.length);
      seen.push(...(page.body.results as { id: string }[]).map((survey) => survey.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([50, 50, 20]);
    expect(new Set(seen).size).toBe(120);

    const small = await t.call('GET', `/api/admin/customers/${customerId}/surveys?limit=7`, asOperator);
    expect(small.body.results).toHaveLength(7);
    const next = await t.call(
      'GET',
      `/api/admin/customers/${customerId}/surveys?limit=7&after=${small.body.nextCursor}`,
      asOperator,
    );
    expect((next.body.results as { id: string }[]).map((survey) => survey.id)).toEqual(seen.slice(7, 14));
    const tooMany = await t.call('GET', `/api/admin/customers/${customerId}/surveys?limit=201`, asOperator);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.issues.limit).toBe('limit must be a whole number from 1 to 200');
  });

  it('answers 404 for a customer id that does not exist or cannot exist', async () => {
    for (const id of ['%00', 'no-such-customer', randomUUID(), '%E2%80%AE', "1'%20or%20'1'='1"]) {
      const res = await t.call('GET', `/api/admin/customers/${id}/surveys`, asOperator);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});
