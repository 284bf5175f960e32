import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SETTINGS_MESSAGES } from '../../../../src/domain/account-settings';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

// A staff member's own language (their alert emails) and time zone (their all-sites days): decision 046.

describe.each(EMBEDDED_ONLY)('account settings on %s', (driver) => {
  let t: TestApp;
  let owner: { anonymous: true; headers: { cookie: string; origin: string } };
  let manager: { anonymous: true; headers: { cookie: string; origin: string } };
  beforeAll(async () => {
    t = await startTestApp(driver, { DEFAULT_TIMEZONE: 'America/Chicago' });
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'manager@wash.example', role: 'manager', sites: ['7'] });
    owner = { anonymous: true, headers: await sessionOf(t, 'owner@wash.example') };
    manager = { anonymous: true, headers: await sessionOf(t, 'manager@wash.example') };
  });
  afterAll(() => t.close());

  it('start in English on the server’s zone, which they name', async () => {
    const read = await t.call('GET', '/api/admin/account/settings', owner);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ language: 'en', timeZone: null, defaultTimeZone: 'America/Chicago' });
  });

  it('change for the signed-in member only, and back to the server’s zone with an empty one', async () => {
    const changed = await t.call('PATCH', '/api/admin/account/settings', {
      ...manager,
      json: { language: 'es', timeZone: 'America/Los_Angeles' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      language: 'es',
      timeZone: 'America/Los_Angeles',
      defaultTimeZone: 'America/Chicago',
    });
    expect((await t.call('GET', '/api/admin/account/settings', owner)).body).toMatchObject({ language: 'en' });
    const back = await t.call('PATCH', '/api/admin/account/settings', { ...manager, json: { timeZone: '' } });
    expect(back.body).toEqual({ language: 'es', timeZone: null, defaultTimeZone: 'America/Chicago' });
  });

  it('refuses a language or zone it does not know with a message per field, and an empty change', async () => {
    const bad = await t.call('PATCH', '/api/admin/account/settings', {
      ...owner,
      json: { language: 'fr', timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual({
      language: ACCOUNT_SETTINGS_MESSAGES.language,
      timeZone: ACCOUNT_SETTINGS_MESSAGES.timeZone,
    });
    const empty = await t.call('PATCH', '/api/admin/account/settings', { ...owner, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('empty_change');
  });

  it('is a staff member’s own: an API key has none', async () => {
    const read = await t.call('GET', '/api/admin/account/settings', {
      anonymous: true,
      headers: { authorization: `Bearer ${ADMIN_API_KEY}` },
    });
    expect(read.status).toBe(403);
  });
});
