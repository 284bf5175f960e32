import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// Issue 23, finding 3: a till's key does a till's work, and each till or integration has its own.

const sale = { mobileNumber: '+12015550143', planName: 'Ceramic Shine', amount: 39.99, rechargeDate: '2026-12-31' };
const bearer = (key: string) => ({ anonymous: true, headers: { authorization: `Bearer ${key}` } });

describe.each(DRIVERS)('API keys on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let ownerId: string;
  let manager: { cookie: string; origin: string };
  let customerAt7: string;
  let customerAt9: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    ownerId = (await addStaff(t, { email: 'owner@wash.example', role: 'owner' })).id;
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
    const member = async (siteId: string, mobileNumber: string) => {
      const code = await t.issue({ siteId, mobileNumber });
      return (await t.call('POST', '/api/customers', { json: validCustomer(code.registration.id) })).body.id as string;
    };
    customerAt7 = await member('7', '+12015550161');
    customerAt9 = await member('9', '+12015550162');
  });
  afterAll(() => t.close());

  const asOwner = () => ({ anonymous: true, headers: owner });
  const makeKey = async (json: object) => {
    const res = await t.call('POST', '/api/admin/api-keys', { ...asOwner(), json });
    expect(res.status).toBe(201);
    return res.body as { id: string; key: string; prefix: string };
  };

  it('lets ADMIN_API_KEY issue codes and follow its own, and nothing an owner does', async () => {
    const key = bearer(ADMIN_API_KEY);
    const own = await t.call('POST', '/api/admin/registration-tokens', { ...key, json: sale });
    expect(own.status).toBe(201);
    expect((await t.call('GET', `/api/admin/registrations/${own.body.registration.id}`, key)).status).toBe(200);
    const staffIssued = await t.issue();
    expect((await t.call('GET', `/api/admin/registrations/${staffIssued.registration.id}`, key)).status).toBe(404);

    const refused = [
      t.call('POST', '/api/admin/staff', { ...key, json: { email: 'new@wash.example', role: 'owner' } }),
      t.call('GET', '/api/admin/staff', key),
      t.call('GET', '/api/admin/members', key),
      t.call('GET', '/api/admin/members.csv', key),
      t.call('GET', `/api/admin/members/${customerAt7}`, key),
      t.call('GET', '/api/admin/feedback.csv', key),
      t.call('GET', '/api/admin/dashboard', key),
      t.call('POST', '/api/admin/member-data/export', { ...key, json: { email: 'dana@example.com' } }),
      t.call('POST', '/api/admin/member-data/erase', { ...key, json: { email: 'dana@example.com' } }),
      t.call('GET', `/api/admin/customers/${customerAt7}/surveys`, key),
      t.call('GET', '/api/admin/webhook-endpoints', key),
      t.call('GET', '/api/admin/audit-events', key),
      t.call('GET', '/api/admin/api-keys', key),
      t.call('POST', '/api/admin/api-keys', { ...key, json: { name: 'Mine', scopes: ['surveys:read'] } }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await t.database.db.select().from(apiKeys)).length).toBe(0);
  });

  it('makes a key for a till, shown once and kept only as its hash, audited', async () => {
    const made = await makeKey({ name: 'Till 2, Main Street', scopes: ['registrations:issue'], sites: ['7'] });
    expect(made.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 10));
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(made.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.key);

    const listed = await t.call('GET', '/api/admin/api-keys', asOwner());
    expect(listed.body.results).toContainEqual({
      id: made.id,
      name: 'Till 2, Main Street',
      prefix: made.prefix,
      scopes: ['registrations:issue'],
      sites: ['7'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(made.key);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'api_key_created'), eq(auditEvents.subjectId, made.id)));
    expect(audit).toMatchObject([{ actorKind: 'staff', actorId: ownerId }]);
  });

  it('lets a key do only what its scopes and sites say, shows its last use, and stops it when revoked', async () => {
    const made = await makeKey({ name: 'Till 3', scopes: ['registrations:issue'], sites: ['7'] });
    const key = bearer(made.key);
    const issued = await t.call('POST', '/api/admin/registration-tokens', { ...key, json: { ...sale, siteId: '7' } });
    expect(issued.status).toBe(201);
    expect(
      (await t.call('POST', '/api/admin/registration-tokens', { ...key, json: { ...sale, siteId: '9' } })).status,
    ).toBe(403);
    // Following a registration is another permission.
    const follow = await t.call('GET', `/api/admin/registrations/${issued.body.registration.id}`, key);
    expect(follow.status).toBe(403);
    expect(follow.body.error.message).toBe('This API key may not do this: it needs the registrations:read permission.');
    const listed = await t.call('GET', '/api/admin/api-keys', asOwner());
    const seen = (listed.body.results as { id: string; lastUsedAt: string | null }[]).find((k) => k.id === made.id);
    expect(seen?.lastUsedAt).toEqual(expect.any(String));

    const revoked = await t.call('POST', `/api/admin/api-keys/${made.id}/revoke`, asOwner());
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const after = await t.call('POST', '/api/admin/registration-tokens', { ...key, json: { ...sale, siteId: '7' } });
    expect(after.status).toBe(401);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'code_issued'), eq(auditEvents.subjectId, issued.body.registration.id)));
    expect(audit).toMatchObject([{ actorKind: 'key', actorId: made.id }]);
  });

  it("reads surveys only of its own sites' members with surveys:read", async () => {
    const made = await makeKey({ name: 'CRM for site 9', scopes: ['surveys:read'], sites: ['9'] });
    const key = bearer(made.key);
    expect((await t.call('GET', `/api/admin/customers/${customerAt9}/surveys`, key)).status).toBe(200);
    expect((await t.call('GET', `/api/admin/customers/${customerAt7}/surveys`, key)).status).toBe(404);
    expect((await t.call('POST', '/api/admin/registration-tokens', { ...key, json: sale })).status).toBe(403);
  });

  it('lets only an owner make or revoke keys, and says what is wrong with a request', async () => {
    const asManager = { anonymous: true, headers: manager };
    expect((await t.call('GET', '/api/admin/api-keys', asManager)).status).toBe(403);
    expect(
      (await t.call('POST', '/api/admin/api-keys', { ...asManager, json: { name: 'x', scopes: ['surveys:read'] } }))
        .status,
    ).toBe(403);
    const invalid = await t.call('POST', '/api/admin/api-keys', {
      ...asOwner(),
      json: { name: ' ', scopes: [], sites: ['7 12'] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.issues).toEqual({
      name: 'Name the key after the till or system that will use it',
      scopes: 'Choose at least one permission',
      'sites.0': 'List site ids (letters, digits, - and _), or none for every site',
    });
    const missing = await t.call('POST', '/api/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke', asOwner());
    expect(missing.status).toBe(404);
  });
});
