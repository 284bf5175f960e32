import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoRegistration } from '../../../../server/platform/db/seed';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// A new owner's first steps on the dashboard, each done or not, from what the database holds (docs/console.md).

describe.each(DRIVERS)('the first-run steps on %s', (driver) => {
  let t: TestApp;
  let owner: { anonymous: true; headers: { cookie: string; origin: string } };
  beforeAll(async () => {
    t = await startTestApp(driver);
    // What a first start leaves: the demo code (at site 1, made unnamed) and the first owner.
    await seedDemoRegistration(t.database.db, t.env);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    owner = { anonymous: true, headers: await sessionOf(t, 'owner@wash.example') };
  });
  afterAll(() => t.close());

  const steps = async () => {
    const res = await t.call('GET', '/api/admin/first-run', owner);
    expect(res.status).toBe(200);
    return (res.body as { steps: Record<string, boolean> }).steps;
  };

  it('has nothing done on a first start: the demo code and its unnamed site count for nothing', async () => {
    expect(await steps()).toEqual({ sitesNamed: false, managerAdded: false, keyMade: false, codeIssued: false });
  });

  it('marks each step done as the owner does it, a site named only once none waits for a name', async () => {
    const named = await t.call('PATCH', '/api/admin/sites/1', { ...owner, json: { name: 'Main Street' } });
    expect(named.status).toBe(200);
    await addStaff(t, { email: 'lee@wash.example', role: 'manager', sites: ['1'] });
    const key = await t.call('POST', '/api/admin/api-keys', {
      ...owner,
      json: { name: 'Front till', scopes: ['registrations:issue'], sites: [] },
    });
    expect(key.status).toBe(201);
    expect(await steps()).toEqual({ sitesNamed: true, managerAdded: true, keyMade: true, codeIssued: false });

    // A code at a new site: issued, and the site it made waits for a name again.
    await t.issue({ siteId: '7' });
    expect(await steps()).toMatchObject({ sitesNamed: false, codeIssued: true });
    // A revoked key is no key in use.
    const revoked = await t.call('POST', `/api/admin/api-keys/${(key.body as { id: string }).id}/revoke`, owner);
    expect(revoked.status).toBe(200);
    expect(await steps()).toMatchObject({ keyMade: false });
  });

  it('is an owner’s: a manager is refused, and nobody signed in is asked to', async () => {
    const manager = { anonymous: true, headers: await sessionOf(t, 'lee@wash.example') };
    expect((await t.call('GET', '/api/admin/first-run', manager)).status).toBe(403);
    expect((await t.call('GET', '/api/admin/first-run', { anonymous: true })).status).toBe(401);
  });
});
