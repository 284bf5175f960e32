import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../../server/platform/db/schema';
import { ONE_TIME_ALPHABET, oneTimePassword } from '../../../../server/features/staff/one-time-password';
import { CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, CONSOLE_ORIGIN, cookieOf, sessionOf, signIn } from '../../helpers/staff-session';
import { DRIVERS } from '../../helpers/test-database';

describe('a one-time password', () => {
  it('has no look-alike characters, and is long enough for the password rule', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = oneTimePassword();
      expect(password).toMatch(/^[^Il1O0o]{4}(-[^Il1O0o]{4}){3}$/);
      expect(
        password
          .replaceAll('-', '')
          .split('')
          .every((c) => ONE_TIME_ALPHABET.includes(c)),
      ).toBe(true);
    }
    expect(ONE_TIME_ALPHABET).not.toMatch(/[Il1O0]/);
  });
});

describe.each(DRIVERS)('a one-time password must be changed first, on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    owner = await sessionOf(t, 'owner@wash.example');
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>) => ({ anonymous: true, headers });

  /** Adds a manager without a password, as the Staff page does, and signs them in with the one shown. */
  async function newManager(email: string) {
    const added = await t.call('POST', '/api/admin/staff', {
      ...as(owner),
      json: { email, role: 'manager', sites: ['7'], name: 'Ana Ruiz' },
    });
    expect(added.status).toBe(201);
    const password = added.body.password as string;
    const signedIn = await signIn(t, email, password);
    expect(signedIn.status).toBe(200);
    return {
      id: added.body.staff.id as string,
      password,
      session: { cookie: cookieOf(signedIn), origin: CONSOLE_ORIGIN },
    };
  }

  it('opens only who is signed in and the change of password until it is changed', async () => {
    const { password, session } = await newManager('ana@wash.example');
    const me = await t.call('GET', '/api/admin/me', as(session));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Ana Ruiz', passwordChangeRequired: true });
    for (const path of ['/api/admin/members', '/api/admin/sites', '/api/admin/follow-ups']) {
      const refused = await t.call('GET', path, as(session));
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code, path).toBe('password_change_required');
    }

    const changed = await t.call('POST', '/api/auth/change-password', {
      ...as(session),
      json: { currentPassword: password, newPassword: 'a passphrase of my own' },
    });
    expect(changed.status).toBe(200);
    const after = await t.call(
      'GET',
      '/api/admin/members',
      as({ ...session, cookie: cookieOf(changed) || session.cookie }),
    );
    expect(after.status).toBe(200);
  });

  it("lets an owner reset a staff member's password the same way, ending their sessions, audited", async () => {
    const { id, session } = await newManager('lee@wash.example');
    const reset = await t.call('POST', `/api/admin/staff/${id}/reset-password`, as(owner));
    expect(reset.status).toBe(200);
    expect(reset.body.password).toMatch(/^[^Il1O0o]{4}(-[^Il1O0o]{4}){3}$/);
    expect((await t.call('GET', '/api/admin/me', as(session))).status).toBe(401);

    const again = await signIn(t, 'lee@wash.example', reset.body.password as string);
    expect(again.status).toBe(200);
    const members = await t.call('GET', '/api/admin/members', as({ cookie: cookieOf(again), origin: CONSOLE_ORIGIN }));
    expect(members.body.error.code).toBe('password_change_required');
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'password_reset'), eq(auditEvents.subjectId, id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses a manager, or an unknown staff member, a reset', async () => {
    const { id } = await newManager('kim@wash.example');
    const manager = await newManager('max@wash.example');
    const byManager = await t.call('POST', `/api/admin/staff/${id}/reset-password`, as(manager.session));
    expect(byManager.status).toBe(403);
    const unknown = await t.call('POST', `/api/admin/staff/${crypto.randomUUID()}/reset-password`, as(owner));
    expect(unknown.status).toBe(404);
    const byKey = await t.call('POST', `/api/admin/staff/${id}/reset-password`, {
      anonymous: true,
      headers: { authorization: `Bearer ${CLI_KEY}` },
    });
    expect(byKey.status).toBe(200);
  });
});
