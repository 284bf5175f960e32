import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../../server/features/api-keys/api-keys';
import { outboxEvents, visits } from '../../../../server/platform/db/schema';
import { eraseMember } from '../../../../server/features/members/erase-member';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import type { MemberDetail } from '../../../../src/domain/members';
import { addStaff, sessionOf } from '../../helpers/staff-session';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe.each(DRIVERS)('visits from the point-of-sale on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let manager: { cookie: string; origin: string };
  /** A key with every scope but visits:write, and one that records visits only at site 7. */
  let noVisitsKey: string;
  let site7Key: string;
  let seq = 0;

  const visit = (body: Record<string, unknown>, key = ADMIN_API_KEY) =>
    t.call('POST', '/api/visits', { json: body, headers: { authorization: `Bearer ${key}` } });
  const newVisit = (body: Record<string, unknown>) => visit({ siteId: '7', externalId: `pos-${++seq}`, ...body });
  const asStaff = (session: { cookie: string; origin: string }, path: string) =>
    t.call('GET', path, { anonymous: true, headers: { cookie: session.cookie, origin: session.origin } });

  async function join(mobileNumber: string, email: string, siteId = '7') {
    const issued = await t.issue({ siteId, mobileNumber });
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { email, firstName: email.split('@')[0] }),
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
    const made = await t.database.db.transaction(async (tx) => ({
      none: await createApiKey(
        tx,
        { name: 'Reader', scopes: ['registrations:issue', 'registrations:read', 'surveys:read'], sites: [] },
        null,
      ),
      site7: await createApiKey(tx, { name: 'Till 7', scopes: ['visits:write'], sites: ['7'] }, null),
    }));
    noVisitsKey = made.none.key;
    site7Key = made.site7.key;
  });
  afterAll(() => t.close());

  it('records a visit once: 201, then 200 with the same visit for its externalId; another visit under it is 409', async () => {
    const body = { siteId: '7', externalId: 'till-1-0001', mobileNumber: '(201) 555-0199', package: ' Ultimate ' };
    const first = await visit(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      siteId: '7',
      externalId: 'till-1-0001',
      mobileNumber: '+12015550199',
      customerId: null,
      package: 'Ultimate',
    });
    // visitedAt left out: now.
    expect(Math.abs(Date.parse(first.body.visitedAt) - Date.now())).toBeLessThan(60_000);

    const again = await visit(body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The same id at another site is another visit.
    expect((await visit({ ...body, siteId: '12' })).status).toBe(201);

    const other = await visit({ ...body, package: 'Basic' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('external_id_reused');
    const rows = await t.database.db.select().from(visits).where(eq(visits.externalId, 'till-1-0001'));
    expect(rows.map((row) => row.siteId).sort()).toEqual(['12', '7']);
  });

  it('takes visits:write, and a site-limited key only at its sites (403), writing nothing', async () => {
    const refused = await visit({ siteId: '7', externalId: 'x-1', mobileNumber: '+12015550198' }, noVisitsKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('visits:write');
    const elsewhere = await visit({ siteId: '12', externalId: 'x-2', mobileNumber: '+12015550198' }, site7Key);
    expect(elsewhere.status).toBe(403);
    expect((await visit({ siteId: '7', externalId: 'x-3', mobileNumber: '+12015550198' }, site7Key)).status).toBe(201);
    // A staff session records none: the console only shows them.
    const staff = await t.call('POST', '/api/visits', {
      anonymous: true,
      json: { siteId: '7', externalId: 'x-4', mobileNumber: '+12015550198' },
      headers: { cookie: owner.cookie, origin: owner.origin },
    });
    expect(staff.status).toBe(403);
    expect((await t.call('POST', '/api/visits', { json: { siteId: '7', externalId: 'x-5' } })).status).toBe(401);
    const rows = await t.database.db.select().from(visits).where(eq(visits.mobileNumber, '+12015550198'));
    expect(rows.map((row) => row.externalId)).toEqual(['x-3']);
  });

  it('answers 400 naming the field', async () => {
    const issues = async (body: Record<string, unknown>) => {
      const res = await visit(body);
      expect(res.status).toBe(400);
      return Object.keys(res.body.error.issues as object);
    };
    const ok = { siteId: '7', externalId: 'bad-1', mobileNumber: '+12015550197' };
    expect(await issues({ ...ok, siteId: undefined })).toEqual(['siteId']);
    expect(await issues({ ...ok, externalId: ' ' })).toEqual(['externalId']);
    expect(await issues({ ...ok, mobileNumber: undefined })).toEqual(['mobileNumber']);
    expect(await issues({ ...ok, mobileNumber: '555' })).toEqual(['mobileNumber']);
    expect(await issues({ ...ok, customerId: 'nobody' })).toEqual(['mobileNumber', 'customerId']);
    expect(await issues({ ...ok, mobileNumber: undefined, customerId: 'nobody' })).toEqual(['customerId']);
    expect(await issues({ ...ok, visitedAt: 'yesterday' })).toEqual(['visitedAt']);
    expect(await issues({ ...ok, visitedAt: ago(-10 * 60 * 1000) })).toEqual(['visitedAt']);
    expect(await issues({ ...ok, visitedAt: ago(400 * DAY_MS) })).toEqual(['visitedAt']);
    expect(await issues({ ...ok, package: 'x'.repeat(81) })).toEqual(['package']);
    expect(await t.database.db.select().from(visits).where(eq(visits.externalId, 'bad-1'))).toEqual([]);
  });

  it("keeps an unknown number's visits: once it joins, they are the member's, by number or by their id", async () => {
    const number = '+12015550150';
    await newVisit({ mobileNumber: number, visitedAt: ago(45 * DAY_MS) });
    await newVisit({ mobileNumber: '2015550150', visitedAt: ago(2 * DAY_MS), package: 'Basic' });
    await newVisit({ siteId: '12', mobileNumber: number, visitedAt: ago(3 * DAY_MS) });
    const id = await join(number, 'nia@example.com');
    const byId = await newVisit({ customerId: id, visitedAt: ago(HOUR_MS), package: 'Ultimate' });
    expect(byId.body).toMatchObject({ customerId: id, mobileNumber: null });

    const page = await asStaff(owner, `/api/admin/members/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.visits.recentCount).toBe(3);
    expect(page.body.visits.lastVisitAt).toBe(byId.body.visitedAt);
    const seen = page.body as MemberDetail;
    expect(seen.visits.latest.map((v) => [v.siteId, v.package])).toEqual([
      ['7', 'Ultimate'],
      ['7', 'Basic'],
      ['12', ''],
      ['7', ''],
    ]);
    // A manager of site 7 sees that site's visits only.
    const theirs = await asStaff(manager, `/api/admin/members/${id}`);
    expect(theirs.body.visits.recentCount).toBe(2);
    expect((theirs.body as MemberDetail).visits.latest.map((v) => v.siteId)).toEqual(['7', '7', '7']);
  });

  it("filters the members list by 'no visit in N days', never-visited included", async () => {
    const recent = await join('+12015550160', 'recent@example.com');
    const lapsed = await join('+12015550161', 'lapsed@example.com');
    const never = await join('+12015550162', 'never@example.com');
    await newVisit({ mobileNumber: '+12015550160', visitedAt: ago(DAY_MS) });
    await newVisit({ mobileNumber: '+12015550161', visitedAt: ago(20 * DAY_MS) });
    const ids = async (query: string) =>
      ((await asStaff(owner, `/api/admin/members?${query}`)).body.results as { id: string }[]).map((m) => m.id);
    const noVisitIn = await ids('noVisitDays=14');
    expect(noVisitIn).toEqual(expect.arrayContaining([lapsed, never]));
    expect(noVisitIn).not.toContain(recent);
    const longer = await ids('noVisitDays=30');
    expect(longer).toContain(never);
    expect(longer).not.toContain(lapsed);
    const bad = await asStaff(owner, '/api/admin/members?noVisitDays=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.issues as object)).toEqual(['noVisitDays']);
  });

  it('sends visit.recorded through the outbox with the number and the members who have it', async () => {
    const id = await join('+12015550170', 'evt@example.com');
    const res = await newVisit({ mobileNumber: '+12015550170', package: 'Wax' });
    const events = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'visit.recorded'));
    const sent = events.map((event) => JSON.parse(event.body)).find((body) => body.data.visit.id === res.body.id);
    expect(sent).toMatchObject({
      type: 'visit.recorded',
      version: 1,
      data: {
        visit: {
          siteId: '7',
          externalId: res.body.externalId,
          visitedAt: res.body.visitedAt,
          package: 'Wax',
          mobileNumber: '+12015550170',
          memberIds: [id],
        },
      },
    });
  });

  it("erases a member's visits and their events with them, keeping a number another member still has", async () => {
    const gone = await join('+12015550180', 'gone@example.com');
    await join('+12015550181', 'shared-a@example.com');
    await join('+12015550181', 'shared-b@example.com');
    const before = await newVisit({ mobileNumber: '+12015550180', visitedAt: ago(9 * DAY_MS) });
    await newVisit({ customerId: gone });
    await newVisit({ mobileNumber: '+12015550181' });

    const erased = (await eraseMember(t.database.db, 'gone@example.com', { actor: { kind: 'cli' } }))!;
    expect(erased.counts.visits).toBe(2);
    expect(await t.database.db.select().from(visits).where(eq(visits.mobileNumber, '+12015550180'))).toEqual([]);
    const left = (await t.database.db.select().from(outboxEvents)).map((event) => event.body).join('\n');
    expect(left).not.toContain(before.body.id);
    expect(left).not.toContain('+12015550180');

    await eraseMember(t.database.db, 'shared-a@example.com', { actor: { kind: 'cli' } });
    expect(await t.database.db.select().from(visits).where(eq(visits.mobileNumber, '+12015550181'))).toHaveLength(1);
  });
});
