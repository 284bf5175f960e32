import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../server/db/schema';
import { DRIVERS } from '../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, type TestApp } from '../helpers/test-app';
import { addStaff, CONSOLE_ORIGIN, cookieOf, OWNER_PASSWORD, sessionOf, signIn } from '../helpers/staff-session';

describe.each(DRIVERS)('staff sign-in on %s', (driver) => {
  let t: TestApp;
  let owner: { id: string; email: string };
  beforeAll(async () => {
    t = await startTestApp(driver);
    owner = await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
  });
  afterAll(() => t.close());

  const auditOf = async (action: string, actorId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, actorId)));

  it('signs an owner in with an HttpOnly, Secure, SameSite=Lax session cookie, and audits it', async () => {
    const res = await signIn(t, 'Owner@Wash.example');
    expect(res.status).toBe(200);
    // The session is in the cookie only: the body is the staff member, with no token a script could read.
    expect(res.body).toEqual({
      id: owner.id,
      email: 'owner@wash.example',
      name: '',
      role: 'owner',
      sites: [],
      disabled: false,
      createdAt: expect.any(String),
    });
    const cookie = res.headers.getSetCookie().find((line) => line.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await t.call('GET', '/api/admin/me', { anonymous: true, headers: { cookie: cookieOf(res) } });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: owner.id, email: 'owner@wash.example', role: 'owner', sites: [] });
    expect(me.body).not.toHaveProperty('password');
    expect(await auditOf('sign_in', owner.id)).toHaveLength(1 + 0);
  });

  it('answers a wrong password and an unknown email alike, with no cookie', async () => {
    const wrong = await signIn(t, owner.email, 'not the password at all');
    const unknown = await signIn(t, 'nobody@wash.example', 'not the password at all');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: 'invalid_credentials', message: 'Email or password is incorrect.' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 401 to the console without a session, and to a forged cookie', async () => {
    expect((await t.call('GET', '/api/admin/me', { anonymous: true })).status).toBe(401);
    const forged = await t.call('GET', '/api/admin/me', {
      anonymous: true,
      headers: { cookie: '__Secure-club-console.session_token=forged.value' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a cookie-carrying write from another origin (CSRF), on its own routes and the library’s', async () => {
    const session = await sessionOf(t, owner.email);
    const fromElsewhere = { ...session, origin: 'https://evil.example' };
    const patch = await t.call('PATCH', `/api/admin/staff/${owner.id}`, {
      anonymous: true,
      headers: fromElsewhere,
      json: { role: 'owner' },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.error.code).toBe('forbidden');
    const crossSite = await t.call('PATCH', `/api/admin/staff/${owner.id}`, {
      anonymous: true,
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site' },
      json: { role: 'owner' },
    });
    expect(crossSite.status).toBe(403);
    const signOut = await t.call('POST', '/api/auth/sign-out', { anonymous: true, headers: fromElsewhere, json: {} });
    expect(signOut.status).toBe(403);
    expect(signOut.body.error.code).toBe('forbidden');
    // The session survived both.
    expect((await t.call('GET', '/api/admin/me', { anonymous: true, headers: session })).status).toBe(200);
  });

  it('signs out: the cookie no longer opens the console', async () => {
    const session = await sessionOf(t, owner.email);
    const out = await t.call('POST', '/api/auth/sign-out', { anonymous: true, headers: session, json: {} });
    expect(out.status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { anonymous: true, headers: session })).status).toBe(401);
  });

  it('changes the password: a wrong current one is a field error, then only the new one signs in', async () => {
    const member = await addStaff(t, { email: 'changer@wash.example', role: 'owner' });
    const session = await sessionOf(t, member.email);
    const wrong = await t.call('POST', '/api/auth/change-password', {
      anonymous: true,
      headers: session,
      json: { currentPassword: 'not my password', newPassword: 'a brand new passphrase' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.issues).toEqual({ currentPassword: 'The current password is not right' });
    const short = await t.call('POST', '/api/auth/change-password', {
      anonymous: true,
      headers: session,
      json: { currentPassword: OWNER_PASSWORD, newPassword: 'short' },
    });
    expect(short.body.error.issues).toEqual({ newPassword: 'Use 12 to 128 characters' });

    const changed = await t.call('POST', '/api/auth/change-password', {
      anonymous: true,
      headers: session,
      json: { currentPassword: OWNER_PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.status).toBe(200);
    expect((await signIn(t, member.email)).status).toBe(401);
    expect((await signIn(t, member.email, 'a brand new passphrase')).status).toBe(200);
    expect(await auditOf('password_changed', member.id)).toHaveLength(1);
  });

  it('ends a disabled member’s sessions and refuses their sign-in as a wrong password', async () => {
    const member = await addStaff(t, { email: 'leaver@wash.example', role: 'manager', sites: ['7'] });
    const session = await sessionOf(t, member.email);
    const disabled = await t.call('PATCH', `/api/admin/staff/${member.id}`, {
      anonymous: true,
      headers: { authorization: `Bearer ${ADMIN_API_KEY}` },
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { anonymous: true, headers: session })).status).toBe(401);
    const again = await signIn(t, member.email);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_credentials');
  });

  it('serves only the endpoints the console uses', async () => {
    const signUp = await t.call('POST', '/api/auth/sign-up/email', {
      anonymous: true,
      headers: { origin: CONSOLE_ORIGIN },
      json: { email: 'me@evil.example', password: 'a long enough password', name: 'Me' },
    });
    expect(signUp.status).toBe(404);
  });
});

describe.each(DRIVERS)('sign-in throttling on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR: '3', SIGN_IN_FAILURES_PER_HOUR: '5' });
    await addStaff(t, { email: 'target@wash.example', role: 'owner' });
    await addStaff(t, { email: 'other@wash.example', role: 'owner' });
  });
  afterAll(() => t.close());

  it('answers 429 after repeated failures for one email, even to the right password', async () => {
    const client = { 'x-forwarded-for': '203.0.113.10' };
    for (let i = 0; i < 3; i += 1)
      expect((await signIn(t, 'target@wash.example', 'wrong guess!', client)).status).toBe(401);
    const refused = await signIn(t, 'target@wash.example', OWNER_PASSWORD, { 'x-forwarded-for': '198.51.100.7' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not locked by it.
    expect((await signIn(t, 'other@wash.example', OWNER_PASSWORD, client)).status).toBe(200);
  });

  it('answers 429 after repeated failures from one address, whichever emails it tries', async () => {
    const client = { 'x-forwarded-for': '203.0.113.99' };
    for (let i = 0; i < 5; i += 1) {
      expect((await signIn(t, `guess${i}@wash.example`, 'wrong guess!', client)).status).toBe(401);
    }
    expect((await signIn(t, 'other@wash.example', OWNER_PASSWORD, client)).status).toBe(429);
    expect((await signIn(t, 'other@wash.example', OWNER_PASSWORD, { 'x-forwarded-for': '192.0.2.1' })).status).toBe(
      200,
    );
  });
});
