import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../../server/platform/db/schema';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf, signIn } from '../../helpers/staff-session';

const sale = { mobileNumber: '(201) 555-0143', planName: 'Ceramic Shine', amount: 39.99, rechargeDate: '2026-12-31' };

describe.each(EMBEDDED_ONLY)('console roles on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let manager: { cookie: string; origin: string };
  let managerId: string;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    managerId = (await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] })).id;
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>) => ({ anonymous: true, headers });

  it('lets a manager issue codes for their own site, and audits it', async () => {
    const res = await t.call('POST', '/api/admin/registration-tokens', {
      ...as(manager),
      json: { ...sale, siteId: '7' },
    });
    expect(res.status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'code_issued'), eq(auditEvents.subjectId, res.body.registration.id)));
    expect(rows).toMatchObject([{ actorKind: 'staff', actorId: managerId }]);
  });

  it('refuses a manager a code for another site, even by editing the request; one left out is their only site', async () => {
    for (const siteId of ['12', '0', '07', '7,12']) {
      const res = await t.call('POST', '/api/admin/registration-tokens', { ...as(manager), json: { ...sale, siteId } });
      expect(res.status, `site ${JSON.stringify(siteId)}`).toBe(403);
    }
    // Decision 045: a caller of exactly one site may leave it out, and the code is that site's.
    const omitted = await t.call('POST', '/api/admin/registration-tokens', { ...as(manager), json: sale });
    expect(omitted.status).toBe(201);
    expect(omitted.body.registration.siteId).toBe('7');
  });

  it('refuses a manager the staff list, staff changes, the audit log and customers’ surveys', async () => {
    const customer = await t.issue({ siteId: '7' });
    const created = await t.call('POST', '/api/customers', { json: validCustomer(customer.registration.id) });
    const attempts = [
      t.call('GET', '/api/admin/staff', as(manager)),
      t.call('POST', '/api/admin/staff', { ...as(manager), json: { email: 'x@wash.example', role: 'owner' } }),
      t.call('PATCH', `/api/admin/staff/${managerId}`, { ...as(manager), json: { role: 'owner' } }),
      t.call('GET', '/api/admin/audit-events', as(manager)),
      t.call('GET', `/api/admin/customers/${created.body.id}/surveys`, as(manager)),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('lets an owner add, list and change staff; a generated password is shown once and signs in', async () => {
    const added = await t.call('POST', '/api/admin/staff', {
      ...as(owner),
      json: { email: 'New.Manager@wash.example', role: 'manager', sites: ['3', '4'] },
    });
    expect(added.status).toBe(201);
    expect(added.body.staff).toMatchObject({ email: 'new.manager@wash.example', role: 'manager', sites: ['3', '4'] });
    expect(added.body.password).toMatch(/^[A-HJ-NP-Za-kmnp-z2-9]{4}(-[A-HJ-NP-Za-kmnp-z2-9]{4}){3}$/);
    expect((await signIn(t, 'new.manager@wash.example', added.body.password)).status).toBe(200);

    const list = await t.call('GET', '/api/admin/staff', as(owner));
    const emails = (list.body.results as { email: string }[]).map((m) => m.email);
    expect(emails).toContain('new.manager@wash.example');
    expect(JSON.stringify(list.body)).not.toContain(added.body.password);

    const promoted = await t.call('PATCH', `/api/admin/staff/${added.body.staff.id}`, {
      ...as(owner),
      json: { role: 'owner' },
    });
    expect(promoted.body).toMatchObject({ role: 'owner', sites: [] });
    const duplicate = await t.call('POST', '/api/admin/staff', {
      ...as(owner),
      json: { email: 'new.manager@wash.example', role: 'owner' },
    });
    expect(duplicate.status).toBe(409);
  });

  it('refuses a manager with no site, and keeps the last owner', async () => {
    const noSite = await t.call('POST', '/api/admin/staff', {
      ...as(owner),
      json: { email: 'm@wash.example', role: 'manager' },
    });
    expect(noSite.status).toBe(400);
    expect(noSite.body.error.issues).toEqual({ sites: 'A manager needs at least one site' });

    const fresh = await startTestApp(driver);
    try {
      const only = await addStaff(fresh, { email: 'only@wash.example', role: 'owner' });
      const res = await fresh.call('PATCH', `/api/admin/staff/${only.id}`, {
        anonymous: true,
        headers: { authorization: `Bearer ${CLI_KEY}` },
        json: { disabled: true },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('last_owner');
    } finally {
      await fresh.close();
    }
  });

  it('refuses on every PATCH route a change that names nothing: 400 empty_change, nothing changed or audited', async () => {
    const site = await t.call('POST', '/api/admin/sites', { ...as(owner), json: { id: 'patch-me', name: 'Harbor' } });
    expect(site.status).toBe(201);
    // A record of each kind, so a route that went past the body would have one to change and audit.
    const targets: Record<string, string> = {
      '/api/admin/account/settings': '/api/admin/account/settings',
      '/api/admin/sites/:id': '/api/admin/sites/patch-me',
      '/api/admin/staff/:id': `/api/admin/staff/${managerId}`,
      '/api/admin/webhook-endpoints/:id': `/api/admin/webhook-endpoints/${crypto.randomUUID()}`,
    };
    const patchRoutes = new Set(t.app.routes.filter((route) => route.method === 'PATCH').map((route) => route.path));
    expect([...patchRoutes].sort()).toEqual(Object.keys(targets).sort());

    const audited = async () => (await t.database.db.select().from(auditEvents)).length;
    const before = await audited();
    for (const path of Object.values(targets)) {
      for (const json of [{}, { colour: 'blue' }, { id: 'other', email: 'x@example.com', constructor: 1 }]) {
        const res = await t.call('PATCH', path, { ...as(owner), json });
        expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
        expect(res.body.error).toEqual({ code: 'empty_change', message: expect.stringMatching(/^Name at least one/) });
      }
    }
    expect(await audited()).toBe(before);
    const sites = await t.call('GET', '/api/admin/sites', as(owner));
    expect(sites.body.results).toContainEqual(expect.objectContaining({ id: 'patch-me', name: 'Harbor', named: true }));
  });
});
