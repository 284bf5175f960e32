import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../../server/platform/db/schema';
import { DAY_MESSAGES } from '../../../../src/domain/list-filters';
import { UNSUPPORTED_CHARACTERS } from '../../../../src/domain/validation';
import { DRIVERS } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

/** Every list, figure and export that reads `?from=&to=&site=`: what the database cannot take is refused first. */
const PATHS = [
  '/api/admin/members',
  '/api/admin/members.csv',
  '/api/admin/feedback',
  '/api/admin/feedback.csv',
  '/api/admin/dashboard',
];

describe.each(DRIVERS)('the admin lists’ query on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    owner = await sessionOf(t, 'owner@wash.example');
    // One member, so an export that got past its query would have a row to stream.
    const issued = await t.issue({ siteId: '7' });
    const joined = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, {}) });
    if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.call('GET', path, { anonymous: true, headers: owner });
  const exportsAudited = async () =>
    (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'export'))).length;

  describe.each(PATHS)('%s', (path) => {
    it.each([
      ['from', '0000-01-01', DAY_MESSAGES.range],
      ['to', '9999-12-31', DAY_MESSAGES.range],
      ['from', '1999-12-31', DAY_MESSAGES.range],
      ['to', '2100-01-01', DAY_MESSAGES.range],
      ['to', '2026-02-30', DAY_MESSAGES.day],
      ['from', '2026-1-5', DAY_MESSAGES.format],
      ['site', '%00', 'site is a site id'],
      ['site', '7%0A', 'site is a site id'],
    ])('refuses %s=%s as a validation failure naming the field', async (field, value, message) => {
      const res = await get(`${path}?${field}=${value}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', issues: { [field]: message } });
    });

    it('answers the first and last days it takes', async () => {
      const res = await get(`${path}?from=2000-01-01&to=2099-12-31`);
      expect(res.status).toBe(200);
    });
  });

  it.each(['/api/admin/members', '/api/admin/members.csv'])(
    'refuses a search with a control character in it on %s',
    async (path) => {
      for (const q of ['%00', 'ada%00', 'ada%07', 'ada%1B[2J', 'ada%7F', 'ada%C2%85', 'ana%09lo', 'ana%0Alo']) {
        const res = await get(`${path}?q=${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.error, q).toMatchObject({ code: 'validation_failed', issues: { q: UNSUPPORTED_CHARACTERS } });
      }
      expect((await get(`${path}?q=${encodeURIComponent('Ñúñez o’brien')}`)).status).toBe(200);
    },
  );

  it('audits no export it refused, and the one it made', async () => {
    const before = await exportsAudited();
    for (const path of ['/api/admin/members.csv', '/api/admin/feedback.csv']) {
      expect((await get(`${path}?to=9999-12-31`)).status).toBe(400);
    }
    expect((await get('/api/admin/members.csv?q=%00')).status).toBe(400);
    expect(await exportsAudited()).toBe(before);

    const made = await get('/api/admin/members.csv?from=2000-01-01&to=2099-12-31');
    expect(made.status).toBe(200);
    expect(String(made.body).trim().split('\n')).toHaveLength(2);
    expect(await exportsAudited()).toBe(before + 1);
  });
});
