import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { staff, staffSessions } from '../../../../server/platform/db/schema';
import { addStaff } from '../../../../server/features/staff/add-staff';
import { authLogger, createAuth, type Auth } from '../../../../server/features/staff/auth';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

// What the sign-in library is set to do, asked of it directly: the routes serve only the endpoints the console
// uses (tests/server/features/staff/auth.routes.test.ts), and these hold should one more ever be served.

const PASSWORD = 'correct horse battery staple';
const authAt = (database: Database, publicUrl: string) =>
  createAuth({
    db: database.db,
    origins: { publicUrl, trusted: [], acceptReachedAddress: false },
    secret: 'test-auth-secret-0123456789-0123456789',
  });

describe.each(EMBEDDED_ONLY)('the sign-in library as set up on %s', (driver) => {
  let database: Database;
  let auth: Auth;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    auth = authAt(database, 'https://club.example');
    await addStaff(database.db, auth, {
      email: 'lee@wash.example',
      name: 'Lee',
      role: 'manager',
      sites: ['7'],
      password: PASSWORD,
    });
  });
  afterAll(() => database.close());

  const signIn = (on: Auth, headers: Record<string, string> = {}) =>
    on.api.signInEmail({
      body: { email: 'lee@wash.example', password: PASSWORD },
      headers: new Headers({ origin: 'https://club.example', ...headers }),
      returnHeaders: true,
    });
  const sessionCookie = (headers: Headers) => headers.getSetCookie().find((line) => line.includes('session_token'))!;

  it('lets nobody sign up', async () => {
    await expect(
      auth.api.signUpEmail({ body: { email: 'me@evil.example', password: 'a long enough password', name: 'Me' } }),
    ).rejects.toThrow();
    expect(await database.db.select().from(staff).where(eq(staff.email, 'me@evil.example'))).toEqual([]);
  });

  it('keeps a session for seven days in a Secure cookie of its own name when the console is on https', async () => {
    const { headers } = await signIn(auth);
    const cookie = sessionCookie(headers);
    expect(cookie).toMatch(/^__Secure-club-console\.session_token=/);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/; Secure/i);
  });

  it('sets no Secure cookie on plain http, where a browser would drop it', async () => {
    const { headers } = await signIn(authAt(database, 'http://localhost:3000'), { origin: 'http://localhost:3000' });
    const cookie = sessionCookie(headers);
    expect(cookie).toMatch(/^club-console\.session_token=/);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('keeps no address a client could write with a session', async () => {
    const { response } = await signIn(auth, { 'x-forwarded-for': '203.0.113.9' });
    const sessions = await database.db.select().from(staffSessions).where(eq(staffSessions.userId, response.user.id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((session) => session.ipAddress)).toEqual(sessions.map(() => ''));
  });

  // One field at a time: a request naming a field the library refuses is refused whole, so a field left open
  // would hide behind one still closed.
  it.each([
    ['a role', { role: 'owner' }],
    ['sites', { sites: ['7', '12'] }],
    ['access', { disabled: true }],
  ])('lets no one give themself %s through the library', async (_what, change) => {
    const { headers } = await signIn(auth);
    const cookie = sessionCookie(headers).split(';')[0]!;
    const update = (body: Record<string, unknown>) =>
      auth.api.updateUser({ body, headers: new Headers({ cookie, origin: 'https://club.example' }) });
    // The way in works for what a member may change (their name)…
    await update({ name: 'Lee Park' });
    // …and not for what only an owner may.
    await update(change).catch(() => undefined);
    const [row] = await database.db.select().from(staff).where(eq(staff.email, 'lee@wash.example'));
    expect(row).toMatchObject({ name: 'Lee Park', role: 'manager', sites: ['7'], disabled: false });
  });

  it('writes nothing to the error log for a wrong email: failed sign-ins are counted by the throttles', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await auth.api
        .signInEmail({
          body: { email: 'nobody@wash.example', password: PASSWORD },
          headers: new Headers({ origin: 'https://club.example' }),
        })
        .catch(() => undefined);
      expect(errors.mock.calls).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

describe("the sign-in library's log", () => {
  it('passes its errors on, named as its own, and not the refused session of a disabled account', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const detail = new Error('connection reset');
      authLogger.log('error', 'Failed to update user', detail);
      authLogger.log('error', 'Failed to create session');
      expect(errors.mock.calls).toEqual([['[better-auth] error: Failed to update user', detail]]);
    } finally {
      errors.mockRestore();
    }
  });
});
