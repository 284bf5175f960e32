import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, staffSessions } from '../../../../server/platform/db/schema';
import { passwordHashing } from '../../../../server/features/staff/password-hashing';
import { DRIVERS } from '../../helpers/test-database';
import { CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, CONSOLE_ORIGIN, cookieOf, OWNER_PASSWORD, sessionOf, signIn } from '../../helpers/staff-session';

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
      passwordChangeRequired: false,
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
    expect(patch.body.error.code).toBe('wrong_origin');
    const crossSite = await t.call('PATCH', `/api/admin/staff/${owner.id}`, {
      anonymous: true,
      headers: { cookie: session.cookie, 'sec-fetch-site': 'cross-site' },
      json: { role: 'owner' },
    });
    expect(crossSite.status).toBe(403);
    const signOut = await t.call('POST', '/api/auth/sign-out', { anonymous: true, headers: fromElsewhere, json: {} });
    expect(signOut.status).toBe(403);
    expect(signOut.body.error.code).toBe('wrong_origin');
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
      headers: { authorization: `Bearer ${CLI_KEY}` },
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await t.call('GET', '/api/admin/me', { anonymous: true, headers: session })).status).toBe(401);
    const again = await signIn(t, member.email);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('invalid_credentials');
  });

  it('refuses a disabled account after checking its password, as it checks every other: one hash each', async () => {
    const leaver = await addStaff(t, { email: 'gone@wash.example', role: 'manager', sites: ['7'] });
    await t.call('PATCH', `/api/admin/staff/${leaver.id}`, {
      anonymous: true,
      headers: { authorization: `Bearer ${CLI_KEY}` },
      json: { disabled: true },
    });
    const hash = vi.spyOn(passwordHashing, 'hash');
    const verify = vi.spyOn(passwordHashing, 'verify');
    const workOf = async (email: string, password: string) => {
      hash.mockClear();
      verify.mockClear();
      const res = await signIn(t, email, password);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_credentials');
      return hash.mock.calls.length + verify.mock.calls.length;
    };
    // An enabled account's wrong password, an unknown email, and a disabled account, right or wrong: the same work.
    expect(await workOf(owner.email, 'not the password at all')).toBe(1);
    expect(await workOf('nobody@wash.example', 'not the password at all')).toBe(1);
    expect(await workOf(leaver.email, 'not the password at all')).toBe(1);
    expect(await workOf(leaver.email, OWNER_PASSWORD)).toBe(1);
    const sessions = await t.database.db.select().from(staffSessions).where(eq(staffSessions.userId, leaver.id));
    expect(sessions).toEqual([]);
  });

  it('answers the session without its token, which only the HttpOnly cookie carries', async () => {
    const session = await sessionOf(t, owner.email);
    const res = await t.call('GET', '/api/auth/get-session', { anonymous: true, headers: session });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: owner.id, email: owner.email });
    expect(res.body.session).toMatchObject({ userId: owner.id, expiresAt: expect.any(String) });
    expect(res.body.session).not.toHaveProperty('token');
    expect(JSON.stringify(res.body)).not.toContain(session.cookie.split('=')[1]!.split('.')[0]!);
  });

  it('outside production, takes sign-ins from the address the server was reached at', async () => {
    // PUBLIC_URL is https://club.example; the counter's tablet opens the wash's own address.
    const lan = 'http://192.168.1.20:3000';
    const res = await t.call('POST', `${lan}/api/auth/sign-in/email`, {
      anonymous: true,
      json: { email: owner.email, password: OWNER_PASSWORD },
      headers: { origin: lan, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
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
    t = await startTestApp(driver, {
      SIGN_IN_FAILURES_PER_EMAIL_PER_HOUR: '3',
      SIGN_IN_FAILURES_PER_EMAIL_PER_15_MINUTES: '4',
      SIGN_IN_FAILURES_PER_HOUR: '5',
      PASSWORD_CHANGE_FAILURES_PER_HOUR: '3',
    });
    await addStaff(t, { email: 'target@wash.example', role: 'owner' });
    await addStaff(t, { email: 'spread@wash.example', role: 'owner' });
    await addStaff(t, { email: 'other@wash.example', role: 'owner' });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('stops one address guessing an email, even with the right password, without locking the owner out from theirs', async () => {
    const guesser = { 'x-forwarded-for': '203.0.113.10' };
    for (let i = 0; i < 3; i += 1)
      expect((await signIn(t, 'target@wash.example', 'wrong guess!', guesser)).status).toBe(401);
    const refused = await signIn(t, 'target@wash.example', OWNER_PASSWORD, guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, at the wash, still signs in; and the guesser may still sign in to another account.
    expect((await signIn(t, 'target@wash.example', OWNER_PASSWORD, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(
      200,
    );
    expect((await signIn(t, 'other@wash.example', OWNER_PASSWORD, guesser)).status).toBe(200);
  });

  it('slows an account guessed at from many addresses for a quarter of an hour, not an hour', async () => {
    for (let i = 0; i < 4; i += 1) {
      const from = { 'x-forwarded-for': `192.0.2.${100 + i}` };
      expect((await signIn(t, 'spread@wash.example', 'wrong guess!', from)).status).toBe(401);
    }
    const refused = await signIn(t, 'spread@wash.example', OWNER_PASSWORD, { 'x-forwarded-for': '192.0.2.200' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('answers 429 to wrong current passwords past the budget, even to the right one', async () => {
    const session = await sessionOf(t, 'other@wash.example');
    const change = (currentPassword: string) =>
      t.call('POST', '/api/auth/change-password', {
        anonymous: true,
        headers: session,
        json: { currentPassword, newPassword: 'a brand new passphrase' },
      });
    for (let i = 0; i < 3; i += 1) expect((await change(`wrong guess ${i}`)).status).toBe(400);
    const refused = await change(OWNER_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
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

describe('the console in production, opened at another address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      NODE_ENV: 'production',
      TRUSTED_ORIGINS: 'https://wash.lan, https://club.example.net',
    });
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
  });
  afterAll(() => t.close());

  const signInAt = (origin: string, password = OWNER_PASSWORD) =>
    t.call('POST', `${origin}/api/auth/sign-in/email`, {
      anonymous: true,
      json: { email: 'owner@wash.example', password },
      headers: { origin, 'sec-fetch-site': 'same-origin' },
    });

  it('says plainly where to open it, never that the password is wrong', async () => {
    const res = await signInAt('http://192.168.1.20:3000');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('wrong_origin');
    expect(res.body.error.message).toBe(
      'Open the console at https://club.example/admin: this server does not accept sign-ins from ' +
        'http://192.168.1.20:3000. To use this address as well, add it to TRUSTED_ORIGINS.',
    );
  });

  it('takes the addresses TRUSTED_ORIGINS adds, where a wrong password still reads as one', async () => {
    expect((await signInAt('https://wash.lan')).status).toBe(200);
    const wrong = await signInAt('https://club.example.net', 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
  });
});
