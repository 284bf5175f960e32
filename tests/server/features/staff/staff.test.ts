import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { staff, staffAccounts, staffSessions } from '../../../../server/platform/db/schema';
import { addStaff } from '../../../../server/features/staff/add-staff';
import { AUTH_BASE_PATH, createAuth, type Auth } from '../../../../server/features/staff/auth';
import { countStaff, findStaff, findStaffByEmail, listStaff } from '../../../../server/features/staff/list-staff';
import { authSecretFor, readCliKey, writeCliKey } from '../../../../server/features/staff/local-secrets';
import { passwordHashing } from '../../../../server/features/staff/password-hashing';
import { NO_SUCH_STAFF, updateStaff } from '../../../../server/features/staff/update-staff';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const PUBLIC_URL = 'https://club.example';
const PASSWORD = 'correct horse battery staple';

describe.each(EMBEDDED_ONLY)('staff services on %s', (driver) => {
  let database: Database;
  let auth: Auth;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    auth = createAuth({
      db: database.db,
      origins: { publicUrl: PUBLIC_URL, trusted: [], acceptReachedAddress: false },
      secret: 'test-auth-secret-0123456789-0123456789',
    });
  });
  afterAll(() => database.close());

  const signIn = (email: string, password = PASSWORD) =>
    auth.handler(
      new Request(`${PUBLIC_URL}${AUTH_BASE_PATH}/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'x-forwarded-for': '203.0.113.9' },
        body: JSON.stringify({ email, password }),
      }),
    );

  it('adds an owner with the password given, everywhere, and lets them sign in with it', async () => {
    const added = await addStaff(database.db, auth, {
      email: 'owner@wash.example',
      name: 'Olive Owner',
      role: 'owner',
      sites: ['7'],
      password: PASSWORD,
    });
    expect(added).toEqual({
      staff: {
        id: expect.any(String) as string,
        email: 'owner@wash.example',
        name: 'Olive Owner',
        role: 'owner',
        sites: [],
        disabled: false,
        passwordChangeRequired: false,
        createdAt: expect.stringMatching(/Z$/) as string,
      },
    });
    const [account] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.userId, added.staff.id));
    expect(account).toMatchObject({ providerId: 'credential', accountId: added.staff.id });
    expect(account!.password).not.toBe(PASSWORD);
    const [row] = await database.db.select().from(staff).where(eq(staff.id, added.staff.id));
    expect(row).toMatchObject({ emailVerified: true, sites: [], disabled: false });

    const res = await signIn('owner@wash.example');
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/__Secure-club-console\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=604800/);
    const [session] = await database.db.select().from(staffSessions).where(eq(staffSessions.userId, added.staff.id));
    expect(session!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The address a client could write is not kept: the audit log keeps the one the throttles trust.
    expect(session!.ipAddress ?? '').toBe('');
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 120_000);
    expect(session!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect((await signIn('owner@wash.example', 'wrong password here')).status).toBe(401);
  });

  it('generates a password for a manager added without one, returned once, and keeps their sites', async () => {
    const added = await addStaff(database.db, auth, {
      email: 'manager@wash.example',
      name: '',
      role: 'manager',
      sites: ['7', '9'],
    });
    expect(added.password).toMatch(/^[A-HJ-NP-Za-kmnp-z2-9]{4}(-[A-HJ-NP-Za-kmnp-z2-9]{4}){3}$/);
    expect(added.staff).toMatchObject({ role: 'manager', sites: ['7', '9'] });
    expect((await signIn('manager@wash.example', added.password)).status).toBe(200);
    await expect(
      addStaff(database.db, auth, { email: 'manager@wash.example', name: '', role: 'owner', sites: [] }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'already_exists',
      message: 'A staff member with this email already exists.',
    });
  });

  it('refuses a session to a disabled account, without logging the refusal as an error', async () => {
    const added = await addStaff(database.db, auth, {
      email: 'gone@wash.example',
      name: '',
      role: 'manager',
      sites: ['7'],
      password: PASSWORD,
    });
    await database.db.update(staff).set({ disabled: true }).where(eq(staff.id, added.staff.id));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await signIn('gone@wash.example');
      expect(res.status).not.toBe(200);
      expect(await database.db.select().from(staffSessions).where(eq(staffSessions.userId, added.staff.id))).toEqual(
        [],
      );
      expect(errors.mock.calls.filter((call) => String(call[0]).includes('Failed to create session'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('lets nobody sign up, and refuses passwords too short or too long', async () => {
    const signUp = await auth.handler(
      new Request(`${PUBLIC_URL}${AUTH_BASE_PATH}/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
        body: JSON.stringify({ email: 'self@wash.example', password: PASSWORD, name: 'Self' }),
      }),
    );
    expect(signUp.status).toBeGreaterThanOrEqual(400);
    expect(await findStaffByEmail(database.db, 'self@wash.example')).toBeNull();
    const context = await auth.$context;
    expect(context.password.config).toMatchObject({ minPasswordLength: 12, maxPasswordLength: 128 });
  });

  it('hashes with scrypt and verifies what it hashed', async () => {
    const hash = await passwordHashing.hash(PASSWORD);
    expect(await passwordHashing.verify({ hash, password: PASSWORD })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: `${PASSWORD}!` })).toBe(false);
  });

  describe('reading staff', () => {
    beforeAll(async () => {
      await database.db.delete(staff);
      await database.db.insert(staff).values([
        {
          id: 'b',
          email: 'b@wash.example',
          role: 'manager',
          sites: ['7'],
          createdAt: new Date('2026-01-01T00:00:00Z'),
        },
        { id: 'a', email: 'a@wash.example', role: 'owner', sites: ['9'], createdAt: new Date('2026-01-01T00:00:00Z') },
        { id: 'c', email: 'c@wash.example', name: 'Cy', createdAt: new Date('2025-12-31T00:00:00Z') },
      ]);
    });

    it('lists staff in the order they were added, ties by id, an owner with every site', async () => {
      const listed = await listStaff(database.db);
      expect(listed.map((member) => member.id)).toEqual(['c', 'a', 'b']);
      expect(listed[1]).toEqual({
        id: 'a',
        email: 'a@wash.example',
        name: '',
        role: 'owner',
        sites: [],
        disabled: false,
        passwordChangeRequired: false,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      expect(listed[2]!.sites).toEqual(['7']);
      expect(await countStaff(database.db)).toBe(3);
    });

    it('finds a member by id, and by email whatever its case and spaces', async () => {
      expect((await findStaff(database.db, 'c'))?.name).toBe('Cy');
      expect(await findStaff(database.db, 'zz')).toBeNull();
      expect((await findStaffByEmail(database.db, '  B@Wash.Example '))?.id).toBe('b');
      expect(await findStaffByEmail(database.db, 'nobody@wash.example')).toBeNull();
    });
  });

  describe('changing staff', () => {
    const change = (id: string, update: Parameters<typeof updateStaff>[2]) =>
      database.db.transaction((tx) => updateStaff(tx, id, update, { kind: 'cli' }));
    beforeAll(async () => {
      await database.db.delete(staff);
      await database.db.insert(staff).values([
        { id: 'owner', email: 'o@wash.example', role: 'owner' },
        { id: 'old-owner', email: 'x@wash.example', role: 'owner', disabled: true },
        { id: 'mgr', email: 'm@wash.example', role: 'manager', sites: ['7'] },
      ]);
    });
    const sessionFor = (userId: string) =>
      database.db.insert(staffSessions).values({
        id: crypto.randomUUID(),
        token: crypto.randomUUID(),
        userId,
        expiresAt: new Date(Date.now() + 3600_000),
      });
    const sessionsOf = async (userId: string) =>
      (await database.db.select().from(staffSessions).where(eq(staffSessions.userId, userId))).length;

    it('answers 404 for no such member', async () => {
      await expect(change('nobody', { disabled: true })).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
        message: NO_SUCH_STAFF,
      });
      expect(NO_SUCH_STAFF).toBe('There is no such staff member.');
    });

    it('keeps what a change leaves out, and ends sessions only on disabling', async () => {
      await sessionFor('mgr');
      const renamed = await change('mgr', { sites: ['8', '9'] });
      expect(renamed).toMatchObject({ role: 'manager', sites: ['8', '9'], disabled: false });
      expect(await sessionsOf('mgr')).toBe(1);
      const kept = await change('mgr', {});
      expect(kept).toMatchObject({ role: 'manager', sites: ['8', '9'], disabled: false });
      const disabled = await change('mgr', { disabled: true });
      expect(disabled).toMatchObject({ sites: ['8', '9'], disabled: true });
      expect(await sessionsOf('mgr')).toBe(0);
      const enabled = await change('mgr', { disabled: false });
      expect(enabled.disabled).toBe(false);
      const [row] = await database.db.select().from(staff).where(eq(staff.id, 'mgr'));
      expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);
    });

    it('makes a promoted manager see every site, and refuses a manager with none', async () => {
      const promoted = await change('mgr', { role: 'owner', sites: ['7'] });
      expect(promoted).toMatchObject({ role: 'owner', sites: [] });
      const [row] = await database.db.select().from(staff).where(eq(staff.id, 'mgr'));
      expect(row!.sites).toEqual([]);
      await expect(change('mgr', { role: 'manager' })).rejects.toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Some fields are missing or invalid.',
        issues: { sites: 'A manager needs at least one site' },
      });
      expect(await change('mgr', { role: 'manager', sites: ['5'] })).toMatchObject({ role: 'manager', sites: ['5'] });
    });

    it('keeps the last enabled owner, and lets a disabled owner change freely', async () => {
      await expect(change('owner', { disabled: true })).rejects.toMatchObject({
        status: 409,
        code: 'last_owner',
        message: 'The last owner cannot be demoted or disabled.',
      });
      await expect(change('owner', { role: 'manager', sites: ['7'] })).rejects.toMatchObject({ code: 'last_owner' });
      expect(await change('owner', { email: 'ignored@wash.example' } as never)).toMatchObject({
        role: 'owner',
        disabled: false,
      });
      expect(await change('old-owner', { role: 'manager', sites: ['7'] })).toMatchObject({
        role: 'manager',
        disabled: true,
      });
      // With a second enabled owner, the first may go.
      await change('mgr', { role: 'owner' });
      expect(await change('owner', { disabled: true })).toMatchObject({ role: 'owner', disabled: true });
    });
  });
});

describe('local secrets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-secrets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const env = (overrides: Partial<Parameters<typeof authSecretFor>[0]>) => ({
    authSecret: undefined,
    databaseUrl: undefined,
    dataDir: join(dir, 'data'),
    nodeEnv: 'development' as const,
    ...overrides,
  });

  it('uses AUTH_SECRET when it is set', () => {
    expect(authSecretFor(env({ authSecret: 'given-secret', nodeEnv: 'production' }))).toBe('given-secret');
  });

  it('refuses to start in production on PostgreSQL or in memory without AUTH_SECRET', () => {
    const message = 'Set AUTH_SECRET (32+ characters): every instance on one PostgreSQL must sign sessions alike.';
    expect(() => authSecretFor(env({ databaseUrl: 'postgres://db/club', nodeEnv: 'production' }))).toThrow(message);
    expect(() => authSecretFor(env({ dataDir: 'memory://', nodeEnv: 'production' }))).toThrow(message);
  });

  it('makes a new secret each start elsewhere on PostgreSQL or in memory, and writes nothing', () => {
    const first = authSecretFor(env({ databaseUrl: 'postgres://db/club', dataDir: join(dir, 'unused') }));
    const second = authSecretFor(env({ dataDir: 'memory://', nodeEnv: 'test' }));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(() => statSync(join(dir, 'unused'))).toThrow();
  });

  it('keeps a secret beside the embedded data, readable only by its owner, the same at every start', () => {
    const first = authSecretFor(env({ nodeEnv: 'production' }));
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const path = join(dir, 'data', 'auth-secret');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(authSecretFor(env({}))).toBe(first);
    writeFileSync(path, '  edited-secret\n');
    expect(authSecretFor(env({}))).toBe('edited-secret');
  });

  it('writes a new command-line key at each start, private, and reads it back', () => {
    expect(readCliKey(dir)).toBeUndefined();
    const key = writeCliKey(dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, 'cli-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'cli-key'), 'utf8')).toBe(key);
    expect(readCliKey(dir)).toBe(key);
    writeFileSync(join(dir, 'cli-key'), `${key}\n`);
    expect(readCliKey(dir)).toBe(key);
    expect(writeCliKey(dir)).not.toBe(key);
  });
});
