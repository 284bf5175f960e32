import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, idempotencyKeys, rateLimits } from '../../../server/db/schema';
import { deleteExpired } from '../../../server/lib/housekeeping';
import { idempotentRequest } from '../../../server/lib/idempotency';
import { DRIVERS } from '../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../helpers/test-app';

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

  it('forgets a key after a day: the same key then runs the request afresh', async () => {
    const json = validCustomer('-1', { mobileNumber: '+14155550199' });
    const headers = { 'idempotency-key': 'expires-after-a-day' };
    const first = await t.call('POST', '/api/customers', { json, headers });
    const [row] = await keyRows('expires-after-a-day');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, 'expires-after-a-day'));
    const later = await t.call('POST', '/api/customers', { json, headers });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    expect((await keyRows('expires-after-a-day'))[0]!.resourceId).toBe(later.body.id);
  });

  it('housekeeping deletes expired keys and throttle counters, and nothing else', async () => {
    const now = new Date();
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + 60_000);
    await t.database.db.insert(idempotencyKeys).values([
      { scope: 'test', key: 'expired', requestHash: 'x', expiresAt: past },
      { scope: 'test', key: 'current', requestHash: 'x', expiresAt: future },
    ]);
    await t.database.db.insert(rateLimits).values([
      { key: 'test:expired', points: 3, expire: past },
      { key: 'test:current', points: 3, expire: future },
    ]);
    const deleted = await deleteExpired(t.database.db, now);
    expect(deleted.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(deleted.rateLimits).toBe(1);
    const keys = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, 'test'));
    expect(keys.map((row) => row.key)).toEqual(['current']);
    expect((await t.database.db.select().from(rateLimits)).map((row) => row.key)).toEqual(['test:current']);
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
