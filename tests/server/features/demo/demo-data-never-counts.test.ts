import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  customers,
  followUpCases,
  followUpEvents,
  outboxEvents,
  registrations,
  sites,
  surveys,
} from '../../../../server/platform/db/schema';
import { issueRegistration } from '../../../../server/features/registrations/issue-registration';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// Decision 049: the demo code and what it made are marked, left out of every figure, list and export unless an owner
// asks, and removed by an owner's action or by the first real code or site.
describe.each(DRIVERS)('demo data on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  let realMember: string;
  let demoMember: string;

  /** A member who completed the code's profile and answered 2 out of 10 (a detractor: a case opens). */
  const detractor = async (registrationId: string) => {
    const member = (await t.call('POST', '/api/customers', { json: validCustomer(registrationId) })).body.id as string;
    const survey = { customerId: member, recommendToOthersScore: 2, comments: 'The dryers left water spots.' };
    expect((await t.call('POST', '/api/surveys', { json: survey })).status).toBe(201);
    return member;
  };
  /** The demo code as `npm start` issues it (server/platform/db/seed.ts). */
  const issueDemo = (siteId = '1') =>
    issueRegistration(
      t.database.db,
      {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-15',
        siteId,
        sourceSystem: 'demo',
        isReturningCustomer: false,
      },
      { ...t.env, demo: true },
    );
  const get = (path: string, as = owner) => t.call('GET', path, { anonymous: true, headers: as });
  /** One field of each row of a list or breakdown the API answered. */
  const each = (rows: unknown, field: string) => (rows as Record<string, string>[]).map((row) => row[field]);
  const ids = (res: { body: { results: unknown } }) => each(res.body.results, 'id');

  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@example.com', role: 'owner' });
    await addStaff(t, { email: 'manager@example.com', role: 'manager', sites: ['7'] });
    [owner, manager] = [await sessionOf(t, 'owner@example.com'), await sessionOf(t, 'manager@example.com')];
    realMember = await detractor((await t.issue({ siteId: '7', mobileNumber: '+12015550171' })).registration.id);
    demoMember = await detractor((await issueDemo()).registration.id);
  });
  afterAll(() => t.close());

  it('marks the demo code and its site, and writes no webhook event about anything it made', async () => {
    const [code] = await t.database.db.select().from(registrations).where(eq(registrations.isDemo, true));
    expect(code).toMatchObject({ siteId: '1', customerId: demoMember });
    expect((await t.database.db.select().from(sites).where(eq(sites.id, '1')))[0]?.isDemo).toBe(true);
    const bodies = (await t.database.db.select().from(outboxEvents)).map((event) => event.body);
    expect(bodies.length).toBe(4); // the real code's: issued, completed, survey.submitted, follow_up.opened
    expect(bodies.filter((body) => body.includes(demoMember) || body.includes(code!.id))).toEqual([]);
  });

  it('leaves the demo out of the figures, lists and exports, and puts it back for an owner who asks', async () => {
    const dashboard = await get('/api/admin/dashboard');
    expect(dashboard.body.funnel).toMatchObject({ issued: 1, completed: 1 });
    expect(dashboard.body.feedback).toMatchObject({ surveys: 1, detractors: 1 });
    expect(dashboard.body.followUps.opened).toBe(1);
    expect(each(dashboard.body.sites, 'siteId')).toEqual(['7']);
    expect(new Set(each(dashboard.body.themes, 'siteId'))).toEqual(new Set(['7']));
    const withDemo = await get('/api/admin/dashboard?includeDemo=true');
    expect(withDemo.body.funnel).toMatchObject({ issued: 2, completed: 2 });
    expect(withDemo.body.feedback).toMatchObject({ surveys: 2, detractors: 2 });
    expect(withDemo.body.followUps.opened).toBe(2);
    expect(each(withDemo.body.sites, 'siteId').sort()).toEqual(['1', '7']);

    expect(ids(await get('/api/admin/members'))).toEqual([realMember]);
    expect(ids(await get('/api/admin/members?includeDemo=true')).sort()).toEqual([realMember, demoMember].sort());
    const feedback = await get('/api/admin/feedback');
    expect(each(feedback.body.results, 'memberId')).toEqual([realMember]);
    expect((await get('/api/admin/feedback?includeDemo=true')).body.results).toHaveLength(2);
    const cases = await get('/api/admin/follow-ups');
    expect(each(cases.body.results, 'memberId')).toEqual([realMember]);
    expect((await get('/api/admin/follow-ups?includeDemo=true')).body.results).toHaveLength(2);
    expect((await get('/api/admin/follow-ups/count')).body).toMatchObject({ open: 1 });
    expect((await get('/api/admin/follow-ups/count?includeDemo=true')).body).toMatchObject({ open: 2 });
    const codes = await get('/api/admin/registrations');
    expect(each(codes.body.results, 'siteId')).toEqual(['7']);
    expect((await get('/api/admin/registrations?includeDemo=true')).body.results).toHaveLength(2);
    expect(ids(await get('/api/admin/sites'))).toEqual(['7']);
    expect(ids(await get('/api/admin/sites?includeDemo=true'))).toEqual(['1', '7']);

    const csv = async (path: string) => (await get(path)).body as string;
    expect(await csv('/api/admin/members.csv')).not.toContain(demoMember);
    expect(await csv('/api/admin/members.csv?includeDemo=true')).toContain(demoMember);
    expect((await csv('/api/admin/feedback.csv')).split('\n').filter(Boolean)).toHaveLength(2);
    expect((await csv('/api/admin/feedback.csv?includeDemo=true')).split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('refuses the flag and the demo routes to a manager, even for their own sites, and a flag that is not a flag', async () => {
    for (const path of ['/api/admin/dashboard?includeDemo=true', '/api/admin/members?includeDemo=false&site=7']) {
      const res = await get(path, manager);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'forbidden', message: 'Only an owner may see demo data.' });
    }
    expect(ids(await get('/api/admin/members', manager))).toEqual([realMember]);
    expect((await get('/api/admin/demo-data', manager)).status).toBe(403);
    expect((await t.call('DELETE', '/api/admin/demo-data', { anonymous: true, headers: manager })).status).toBe(403);
    expect((await get('/api/admin/dashboard?includeDemo=yes')).status).toBe(400);
  });

  it('removes everything the demo made with the owner’s action, audited, and only that', async () => {
    expect((await get('/api/admin/demo-data')).body).toEqual({
      registrations: 1,
      members: 1,
      surveys: 1,
      followUpCases: 1,
      sites: ['1'],
    });
    const removed = await t.call('DELETE', '/api/admin/demo-data', { anonymous: true, headers: owner });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      registrations: 1,
      members: 1,
      surveys: 1,
      followUpCases: 1,
      textMessages: 0,
      sites: 1,
    });
    const db = t.database.db;
    expect(await db.select().from(registrations).where(eq(registrations.isDemo, true))).toEqual([]);
    expect(await db.select().from(customers).where(eq(customers.id, demoMember))).toEqual([]);
    expect(await db.select().from(surveys).where(eq(surveys.customerId, demoMember))).toEqual([]);
    expect(await db.select().from(followUpCases).where(eq(followUpCases.customerId, demoMember))).toEqual([]);
    expect(await db.select().from(sites).where(eq(sites.id, '1'))).toEqual([]);
    // The real member, their survey, case and its timeline are untouched.
    expect(await db.select().from(customers)).toHaveLength(1);
    expect(await db.select().from(surveys)).toHaveLength(1);
    expect(await db.select().from(followUpEvents)).toHaveLength(1);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.action, 'demo_data_removed'));
    expect(audit).toMatchObject({ actorKind: 'staff', subjectId: expect.stringMatching(/^asked: registrations 1/) });
    expect((await get('/api/admin/demo-data')).body).toMatchObject({ registrations: 0, sites: [] });
    expect((await t.call('DELETE', '/api/admin/demo-data', { anonymous: true, headers: owner })).status).toBe(404);
  });

  it('removes the demo by itself with the first real code, at the demo’s own site, or the first site an owner adds', async () => {
    const db = t.database.db;
    await detractor((await issueDemo()).registration.id);
    const sale = {
      mobileNumber: '+12015550172',
      planName: 'Basic',
      amount: 19.99,
      rechargeDate: '2026-12-15',
      siteId: '1',
    };
    const issued = await t.call('POST', '/api/admin/registration-tokens', {
      anonymous: true,
      headers: owner,
      json: sale,
    });
    expect(issued.status).toBe(201);
    expect(await db.select().from(registrations).where(eq(registrations.isDemo, true))).toEqual([]);
    expect(await db.select().from(customers)).toHaveLength(1);
    // Site 1 is made again for the real code: a real site now.
    expect((await db.select().from(sites).where(eq(sites.id, '1')))[0]).toMatchObject({
      name: 'Site 1',
      isDemo: false,
    });
    expect((await get('/api/admin/registrations')).body.results).toHaveLength(2);

    await issueDemo('demo-only');
    const added = await t.call('POST', '/api/admin/sites', {
      anonymous: true,
      headers: owner,
      json: { id: 'north', name: 'North', address: '', reviewUrl: null },
    });
    expect(added.status).toBe(201);
    expect(await db.select().from(registrations).where(eq(registrations.isDemo, true))).toEqual([]);
    expect(await db.select().from(sites).where(eq(sites.id, 'demo-only'))).toEqual([]);
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.action, 'demo_data_removed'));
    expect(audits.map((row) => row.subjectId!.split(':')[0]).sort()).toEqual([
      'asked',
      'first_real_code',
      'first_real_site',
    ]);
  });
});
