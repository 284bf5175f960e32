import { FEEDBACK_DEFAULTS, FEEDBACK_SETTING_MESSAGES } from '../../../../src/domain/invitations';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditEvents, registrations, sites, staff } from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// Issue 25, part 1: sites by name.

const bearer = (key: string) => ({ anonymous: true, headers: { authorization: `Bearer ${key}` } });
const sale = { mobileNumber: '+12015550143', planName: 'Ceramic Shine', amount: 39.99, rechargeDate: '2026-12-31' };

describe.each(DRIVERS)('sites on %s', (driver) => {
  let t: TestApp;
  let owner: { anonymous: true; headers: { cookie: string; origin: string } };
  let manager: { anonymous: true; headers: { cookie: string; origin: string } };
  beforeAll(async () => {
    t = await startTestApp(driver, { DEFAULT_TIMEZONE: 'America/Chicago' });
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = { anonymous: true, headers: await sessionOf(t, 'owner@wash.example') };
    manager = { anonymous: true, headers: await sessionOf(t, 'site7@wash.example') };
  });
  afterAll(() => t.close());

  const site = async (id: string) => (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0];

  it('makes "Site {id}" for an id the point-of-sale sends for the first time, waiting for a name', async () => {
    const issued = await t.call('POST', '/api/admin/registration-tokens', {
      ...bearer(ADMIN_API_KEY),
      json: { ...sale, siteId: 'north-44' },
    });
    expect(issued.status).toBe(201);
    expect(issued.body.registration.siteId).toBe('north-44');
    const listed = await t.call('GET', '/api/admin/sites', owner);
    expect(listed.status).toBe(200);
    // The console writes the times of a sign-up of no site, and names "the server's default", on this clock.
    expect(listed.body.defaultTimeZone).toBe('America/Chicago');
    expect(listed.body.results).toContainEqual({
      id: 'north-44',
      name: 'Site north-44',
      address: '',
      timeZone: 'America/Chicago',
      reviewUrl: null,
      smsWindow: { start: '00:00', end: '24:00' },
      active: true,
      named: false,
      ...FEEDBACK_DEFAULTS,
    });

    // A second sale there leaves the site as it is.
    await t.call('PATCH', '/api/admin/sites/north-44', { ...owner, json: { name: 'North Avenue' } });
    await t.call('POST', '/api/admin/registration-tokens', {
      ...bearer(ADMIN_API_KEY),
      json: { ...sale, siteId: 'north-44' },
    });
    expect(await site('north-44')).toMatchObject({ name: 'North Avenue', named: true });
  });

  it('lets an owner add a site under its point-of-sale id, named, and audits it', async () => {
    const added = await t.call('POST', '/api/admin/sites', {
      ...owner,
      json: {
        id: ' east-9 ',
        name: ' East Side ',
        address: '9 East St, Springfield',
        timeZone: 'America/Denver',
        reviewUrl: 'https://g.page/r/east-side/review',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: 'east-9',
      name: 'East Side',
      address: '9 East St, Springfield',
      timeZone: 'America/Denver',
      reviewUrl: 'https://g.page/r/east-side/review',
      smsWindow: { start: '00:00', end: '24:00' },
      active: true,
      named: true,
      ...FEEDBACK_DEFAULTS,
    });
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, 'east-9'));
    expect(audited.map((row) => row.action)).toEqual(['site_added']);

    const again = await t.call('POST', '/api/admin/sites', { ...owner, json: { id: 'east-9', name: 'Other' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'already_exists',
      issues: { id: 'There is already a site with this id' },
    });
    expect(await site('east-9')).toMatchObject({ name: 'East Side' });
  });

  it('refuses a bad site with a message per field and writes nothing', async () => {
    const refused = await t.call('POST', '/api/admin/sites', {
      ...owner,
      json: { id: 'has space', name: '', timeZone: 'Mars/Olympus', reviewUrl: 'http://g.page/r/x' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual({
      id: 'Use the id your point-of-sale sends: letters, digits, - and _ (at most 40)',
      name: 'Name the site (at most 80 characters)',
      timeZone: 'Choose a time zone',
      reviewUrl: 'Use an https:// address for the review page',
    });
    expect(await site('has space')).toBeUndefined();

    // A name that breaks the line, or is made of nothing visible, is refused whether added or changed.
    const twoLines = await t.call('POST', '/api/admin/sites', { ...owner, json: { id: 'two-lines', name: 'A\nB' } });
    expect(twoLines.status).toBe(400);
    expect(twoLines.body.error.issues).toEqual({ name: 'Remove the unsupported characters' });
    expect(await site('two-lines')).toBeUndefined();
    await t.call('POST', '/api/admin/sites', { ...owner, json: { id: 'harbor-1', name: 'Harbor' } });
    const renamed = await t.call('PATCH', '/api/admin/sites/harbor-1', { ...owner, json: { name: '\u200B\u2800' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.issues).toEqual({ name: 'Name the site (at most 80 characters)' });
    expect(await site('harbor-1')).toMatchObject({ name: 'Harbor' });
  });

  it('renames, edits and deactivates a site; an empty review link removes it', async () => {
    await t.call('POST', '/api/admin/sites', {
      ...owner,
      json: { id: 'west-2', name: 'West', reviewUrl: 'https://g.page/r/west/review' },
    });
    const changed = await t.call('PATCH', '/api/admin/sites/west-2', {
      ...owner,
      json: { name: 'West Loop', address: '2 West Rd', timeZone: 'America/Los_Angeles', reviewUrl: '', active: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      id: 'west-2',
      name: 'West Loop',
      address: '2 West Rd',
      timeZone: 'America/Los_Angeles',
      reviewUrl: null,
      smsWindow: { start: '00:00', end: '24:00' },
      active: false,
      named: true,
      ...FEEDBACK_DEFAULTS,
    });
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, 'west-2'));
    expect(audited.map((row) => row.action).sort()).toEqual(['site_added', 'site_changed']);

    const missing = await t.call('PATCH', '/api/admin/sites/nowhere', { ...owner, json: { name: 'X' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });

  it('shows a manager their own sites only, and lets no manager or key change one', async () => {
    await t.call('POST', '/api/admin/sites', { ...owner, json: { id: '9', name: 'Ninth Street' } });
    const listed = await t.call('GET', '/api/admin/sites', manager);
    expect(listed.status).toBe(200);
    expect((listed.body as { results: { id: string }[] }).results.map((s) => s.id)).toEqual(['7']);

    const attempts = [
      t.call('POST', '/api/admin/sites', { ...manager, json: { id: 'mine', name: 'Mine' } }),
      t.call('PATCH', '/api/admin/sites/9', { ...manager, json: { name: 'Taken over' } }),
      t.call('PATCH', '/api/admin/sites/7', { ...manager, json: { name: 'My own' } }),
      t.call('GET', '/api/admin/sites', bearer(ADMIN_API_KEY)),
      t.call('PATCH', '/api/admin/sites/9', { ...bearer(ADMIN_API_KEY), json: { name: 'Till' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect(await site('9')).toMatchObject({ name: 'Ninth Street' });
    expect(await site('mine')).toBeUndefined();
  });

  it("changes a site's feedback settings for an owner, and refuses a bad one naming the field (decision 053)", async () => {
    await t.call('POST', '/api/admin/sites', { ...owner, json: { id: 'lake-5', name: 'Lakeside' } });
    const settings = {
      askAfterVisit: true,
      askDelayMinutes: 0,
      askEveryDays: 14,
      codeReminder: false,
      codeReminderMinutes: 90,
      inviteReminder: true,
      inviteReminderMinutes: 3 * 24 * 60,
    };
    const changed = await t.call('PATCH', '/api/admin/sites/lake-5', { ...owner, json: settings });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject(settings);
    const listed = await t.call('GET', '/api/admin/sites', owner);
    expect((listed.body as { results: { id: string }[] }).results.find((s) => s.id === 'lake-5')).toMatchObject(
      settings,
    );

    const refused = await t.call('PATCH', '/api/admin/sites/lake-5', {
      ...owner,
      json: { askAfterVisit: false, askDelayMinutes: 7 * 24 * 60 + 1, askEveryDays: 0, inviteReminderMinutes: 1.5 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual({
      askDelayMinutes: FEEDBACK_SETTING_MESSAGES.askDelayMinutes,
      askEveryDays: FEEDBACK_SETTING_MESSAGES.askEveryDays,
      inviteReminderMinutes: FEEDBACK_SETTING_MESSAGES.reminderMinutes,
    });
    // Nothing of the refused change is written, not even its valid part.
    expect(await site('lake-5')).toMatchObject(settings);
  });

  it("lists a staff member's sites given by the command line, waiting for a name", async () => {
    const added = await t.call('POST', '/api/admin/staff', {
      ...bearer(CLI_KEY),
      json: { email: 'south@wash.example', role: 'manager', sites: ['south-1'] },
    });
    expect(added.status).toBe(201);
    expect(await site('south-1')).toMatchObject({ name: 'Site south-1', named: false, active: true });
  });
});

describe.each(DRIVERS)('the sites migration on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('makes a site, named "Site {id}", for every id already in the data', async () => {
    const migration = readFileSync(
      new URL('../../../../server/platform/db/migrations/0007_sites.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await t.database.db.insert(registrations).values({
      id: 'old-reg',
      mobileNumber: '+12015550199',
      saleDate: new Date('2025-01-01T00:00:00Z'),
      siteId: 'legacy-3',
    });
    await t.database.db.insert(sites).values({ id: 'kept', name: 'Already named', named: true });
    await t.database.db.insert(staff).values({ id: 'old-staff', email: 'old@wash.example', sites: ['legacy-5'] });
    await t.database.db
      .insert(apiKeys)
      .values({ id: 'old-key', name: 'Till', keyHash: 'h', prefix: 'cpk_', scopes: [], sites: ['legacy-6'] });
    await t.database.db.execute(sql.raw(backfill));
    await t.database.db.execute(sql.raw(backfill));
    const rows = await t.database.db.select().from(sites);
    expect(rows.map(({ id, name, named }) => ({ id, name, named })).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'kept', name: 'Already named', named: true },
      { id: 'legacy-3', name: 'Site legacy-3', named: false },
      { id: 'legacy-5', name: 'Site legacy-5', named: false },
      { id: 'legacy-6', name: 'Site legacy-6', named: false },
    ]);
  });
});
