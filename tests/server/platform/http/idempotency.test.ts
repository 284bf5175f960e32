import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys } from '../../../../server/platform/db/schema';
import { idempotentRequest } from '../../../../server/platform/http/idempotency';
import { runRetention } from '../../../../server/features/retention/run-retention';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

describe.each(DRIVERS)('Idempotency-Key on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const keyRows = (key: string) => t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

  it('keeps only the status and the id of what was created, and replays the record read afresh', async () => {
    const issued = await t.issue();
    const headers = { 'idempotency-key': 'keeps-no-personal-data' };
    const json = validCustomer(issued.registration.id);
    const first = await t.call('POST', '/api/customers', { json, headers });
    expect(first.status).toBe(201);

    const [row] = await keyRows('keeps-no-personal-data');
    expect(row).toMatchObject({ status: 201, resourceId: first.body.id });
    const stored = JSON.stringify(row);
    for (const personal of [json.firstName, json.lastName, json.email, json.address, json.city, '2015550143']) {
      expect(stored).not.toContain(personal);
    }

    const replay = await t.call('POST', '/api/customers', { json, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('scopes a key to its route: the same key on another route is another request', async () => {
    const issued = await t.issue();
    const headers = { 'idempotency-key': 'same-key-two-routes' };
    const customer = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id), headers });
    const survey = await t.call('POST', '/api/surveys', { json: { customerId: customer.body.id }, headers });
    expect(survey.status).toBe(201);
    expect(survey.headers.get('idempotent-replayed')).toBeNull();
    expect(survey.body.customerId).toBe(customer.body.id);
    expect(new Set((await keyRows('same-key-two-routes')).map((row) => row.scope)).size).toBe(2);
  });

  it('forgets a key once the retention pass deletes it, a day later: the same key then runs afresh', async () => {
    const json = validCustomer('-1', { mobileNumber: '+14155550199' });
    const headers = { 'idempotency-key': 'expires-after-a-day' };
    const first = await t.call('POST', '/api/customers', { json, headers });
    const [row] = await keyRows('expires-after-a-day');
    const dayLater = new Date(row!.createdAt.getTime() + 24 * 60 * 60 * 1000);

    // Still remembered just before the day is up, whatever its legacy `expires_at` says.
    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, 'expires-after-a-day'));
    await runRetention(t.database.db, t.env.retention, new Date(dayLater.getTime() - 1000));
    const replay = await t.call('POST', '/api/customers', { json, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    await runRetention(t.database.db, t.env.retention, dayLater);
    expect(await keyRows('expires-after-a-day')).toEqual([]);
    const later = await t.call('POST', '/api/customers', { json, headers });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    expect((await keyRows('expires-after-a-day'))[0]!.resourceId).toBe(later.body.id);
  });

  it('answers 409 when the record a key created is gone, rather than inventing it', async () => {
    const json = validCustomer('-1', { mobileNumber: '+14155550198' });
    const headers = { 'idempotency-key': 'record-gone' };
    const first = await t.call('POST', '/api/customers', { json, headers });
    await t.database.db
      .update(idempotencyKeys)
      .set({ resourceId: 'deleted-record' })
      .where(eq(idempotencyKeys.key, 'record-gone'));
    const replay = await t.call('POST', '/api/customers', { json, headers });
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('idempotency_key_reused');
    expect((await t.database.db.select().from(customers).where(eq(customers.id, first.body.id))).length).toBe(1);
  });
});

describe('the scope of a key', () => {
  const scopeOf = async (route: string, headers: Record<string, string>) => {
    const app = new Hono().post('/', (c) => c.json(idempotentRequest(c, route, '{}')));
    return ((await (await app.request('/', { method: 'POST', headers })).json()) as { scope: string }).scope;
  };

  it('differs by route and by the credential the client sent, and never contains the credential', async () => {
    const app = await scopeOf('POST /api/customers', { 'x-api-key': 'first-client-key' });
    expect(await scopeOf('POST /api/customers', { 'x-api-key': 'first-client-key' })).toBe(app);
    expect(await scopeOf('POST /api/customers', { 'x-api-key': 'second-client-key' })).not.toBe(app);
    expect(await scopeOf('POST /api/surveys', { 'x-api-key': 'first-client-key' })).not.toBe(app);
    expect(app).not.toContain('first-client-key');
  });
});
