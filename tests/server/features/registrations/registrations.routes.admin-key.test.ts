import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, type TestApp } from '../../helpers/test-app';

const sale = {
  mobileNumber: '(201) 555-0143',
  planName: 'Ceramic Shine',
  amount: 39.99,
  rechargeDate: '2026-12-31',
  siteId: '12',
  sourceSystem: 'pos',
};

describe.each(DRIVERS)('POST /api/admin/registration-tokens on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TOKEN_TTL_DAYS: '7' });
  });
  afterAll(() => t.close());

  const auth = { authorization: `Bearer ${ADMIN_API_KEY}` };

  it('issues a code and its link; the link opens the registration', async () => {
    const res = await t.call('POST', '/api/admin/registration-tokens', { json: sale, headers: auth, anonymous: true });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(res.body.url).toBe(`https://club.example/?id=${res.body.token}`);
    expect(res.body.registration).toMatchObject({
      mobileNumber: '+12015550143',
      planName: 'Ceramic Shine',
      amount: 39.99,
      rechargeDate: '2026-12-31',
      siteId: '12',
      sourceSystem: 'pos',
      isReturningCustomer: false,
      isCompleted: false,
    });
    const lookup = await t.call('GET', `/api/registration-tokens/${res.body.token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.id).toBe(res.body.registration.id);
  });

  it('issues a different code every time', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      tokens.add((await t.call('POST', '/api/admin/registration-tokens', { json: sale, headers: auth })).body.token);
    }
    expect(tokens.size).toBe(5);
  });

  it('refuses a missing or wrong bearer token with 401', async () => {
    expect((await t.call('POST', '/api/admin/registration-tokens', { json: sale })).status).toBe(401);
    const wrong = await t.call('POST', '/api/admin/registration-tokens', {
      json: sale,
      headers: { authorization: 'Bearer not-the-key' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('unauthorized');
  });

  it("files a sale that names no site under site '0', as docs/spec.md §3 says", async () => {
    const { siteId: _, ...withoutSite } = sale;
    const res = await t.call('POST', '/api/admin/registration-tokens', { json: withoutSite, headers: auth });
    expect(res.status).toBe(201);
    expect(res.body.registration.siteId).toBe('0');
  });

  it('takes a site id of up to 40 characters, and refuses a longer one or one with control characters', async () => {
    const issue = (siteId: string) =>
      t.call('POST', '/api/admin/registration-tokens', { json: { ...sale, siteId }, headers: auth });
    const longest = await issue('s'.repeat(40));
    expect(longest.status).toBe(201);
    expect(longest.body.registration.siteId).toBe('s'.repeat(40));
    for (const siteId of ['s'.repeat(41), '12\u0000', '\u001b[31m7', '7\u007f', '7\r\n8', '7\t8']) {
      const refused = await issue(siteId);
      expect(refused.status, JSON.stringify(siteId)).toBe(400);
      expect(Object.keys(refused.body.error.issues)).toEqual(['siteId']);
    }
  });

  it('refuses an invalid sale with per-field issues', async () => {
    const res = await t.call('POST', '/api/admin/registration-tokens', {
      json: { mobileNumber: '12', planName: '', amount: -1, rechargeDate: '2026-02-30' },
      headers: auth,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.issues).sort()).toEqual(['amount', 'planName', 'rechargeDate']);
    const phone = await t.call('POST', '/api/admin/registration-tokens', {
      json: { ...sale, mobileNumber: '12' },
      headers: auth,
    });
    expect(phone.body.error.issues).toEqual({ mobileNumber: 'Enter a valid mobile number' });
  });
});

describe('the admin routes without ADMIN_API_KEY', () => {
  // They serve the console's staff sessions now, so they exist; no bearer key opens them.
  it('accept no bearer token', async () => {
    const t = await startTestApp('pglite', { ADMIN_API_KEY: '' });
    try {
      const res = await t.call('POST', '/api/admin/registration-tokens', {
        json: sale,
        headers: { authorization: `Bearer ${ADMIN_API_KEY}` },
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    } finally {
      await t.close();
    }
  });
});
