import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMemberCli } from '../../../server/cli/member/run-member-cli';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { auditEvents, customers, outboxEvents, registrations } from '../../../server/platform/db/schema';
import { dataDirWithCliKey, migratedDataDir } from './support/data-dirs';
import { runCli } from './support/run-cli';
import { idlePort, serveTestApp } from './support/served-app';
import { SPAWN_TIMEOUT_MS, spawnCli } from './support/spawn-cli';
import { ADMIN_API_KEY, CLI_KEY, type TestApp } from '../helpers/test-app';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/test-database';
import { seedMember, type SeededMember } from '../features/members/support/member-fixture';

const memberCli = (args: string[], settings: Record<string, string>) => runCli(runMemberCli, args, settings);

/** The database the command works on, opened by the test too (never both at once on PGlite). */
interface Storage {
  settings: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

function pgliteStorage(): Promise<Storage> {
  const dataDir = migratedDataDir();
  return Promise.resolve({
    settings: { DATA_DIR: dataDir.dir },
    open: dataDir.open,
    drop: () => Promise.resolve(dataDir.remove()),
  });
}

async function postgresStorage(): Promise<Storage> {
  const scratch: ScratchDatabase = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  return {
    settings: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }),
    drop: scratch.drop,
  };
}

/** A member and someone else, in the storage's database. */
async function seedTwo(store: Storage): Promise<{ member: SeededMember; other: SeededMember }> {
  const database = await store.open();
  try {
    const member = await seedMember(database.db, { email: 'Dana.Whitfield@Example.com', mobileNumber: '+12015550143' });
    const other = await seedMember(database.db, {
      email: 'sam@example.com',
      mobileNumber: '+12015550144',
      firstName: 'Sam',
      lastName: 'Other',
    });
    return { member, other };
  } finally {
    await database.close();
  }
}

/** Several commands, each opening the database in this process as the command line does. */
const SEVERAL_COMMANDS_MS = 120_000;

const STOPPED = [
  ['PGlite', pgliteStorage],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', postgresStorage] as const] : []),
] as const;

describe.each(STOPPED)('npm run member with the server stopped, on %s', (_name, storage) => {
  let store: Storage;
  let settings: Record<string, string>;
  let member: SeededMember;
  let other: SeededMember;
  beforeAll(async () => {
    store = await storage();
    settings = { ...store.settings, PORT: String(await idlePort()) };
    ({ member, other } = await seedTwo(store));
  });
  afterAll(() => store.drop());

  it(
    'exports as JSON, erases with counts, then finds no one; an unknown email fails and writes nothing',
    { timeout: SEVERAL_COMMANDS_MS },
    async () => {
      const exported = await memberCli(['export', '--email', ' dana.whitfield@example.com '], settings);
      expect({ code: exported.code, stderr: exported.stderr }).toEqual({ code: 0, stderr: '' });
      const data = JSON.parse(exported.stdout) as { customers: { id: string }[]; registrations: object[] };
      expect(data.customers.map((c) => c.id)).toEqual([member.customerId]);
      expect(data.registrations).toHaveLength(1);
      expect(exported.stdout).not.toContain(member.token);
      expect(exported.stdout).not.toMatch(/tokenHash|linkToken/);

      expect(await memberCli(['erase', '--email', 'nobody@example.com'], settings)).toEqual({
        code: 1,
        stdout: '',
        stderr: 'No member has this email.\n',
      });

      const erased = await memberCli(['erase', '--email', 'DANA.whitfield@example.com'], settings);
      expect(erased.code).toBe(0);
      expect(erased.stdout).toContain('Erased everything held about DANA.whitfield@example.com:');
      expect(erased.stdout).toContain('  customers: 1\n  registrations: 1\n  surveys: 1\n  textMessages: 1\n');
      expect(erased.stdout).toContain(`Customer ids (as the webhook receivers know them): ${member.customerId}`);
      expect(erased.stdout).toContain(`Registration ids: ${member.registrationId}\nSurvey ids: ${member.surveyId}\n`);
      expect(erased.stdout).toMatch(/Every enabled webhook endpoint is sent these ids as member\.erased \(event msg_/);

      expect(await memberCli(['export', '--email', 'dana.whitfield@example.com'], settings)).toEqual({
        code: 1,
        stdout: '',
        stderr: 'No member has this email.\n',
      });

      const database = await store.open();
      try {
        expect((await database.db.select().from(customers)).map((c) => c.id)).toEqual([other.customerId]);
        expect((await database.db.select().from(registrations)).map((r) => r.id)).toEqual([other.registrationId]);
        const told = await database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'member.erased'));
        expect(told.map((event) => JSON.parse(event.body).data.customerIds)).toEqual([[member.customerId]]);
        // One audit row, by the command line: the unknown email left none.
        const audit = await database.db.select().from(auditEvents);
        expect(audit).toEqual([expect.objectContaining({ action: 'member_erased', actorKind: 'cli' })]);
      } finally {
        await database.close();
      }
    },
  );

  it('shows its usage without a command or an email', async () => {
    for (const args of [['erase'], ['export', '--email', ' '], ['forget', '--email', 'sam@example.com']]) {
      expect(await memberCli(args, settings)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringContaining('npm run member -- erase --email EMAIL') as string,
      });
    }
  });
});

describe('npm run member while a server holds the database', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  let member: SeededMember;
  const keyDir = dataDirWithCliKey(CLI_KEY);
  beforeAll(async () => {
    ({ t, base, close } = await serveTestApp());
    member = await seedMember(t.database.db, { email: 'dana@example.com', mobileNumber: '+12015550143' });
  });
  afterAll(async () => {
    await close();
    keyDir.remove();
  });

  it("exports and erases through the admin API with the server's command-line key, audited as the command line", async () => {
    // ADMIN_API_KEY is a point-of-sale key: set or not, the command uses the key the server keeps for this machine.
    const settings = { ADMIN_API_KEY, DATA_DIR: keyDir.dir };
    const exported = await memberCli(['export', '--email', 'dana@example.com', '--url', base], settings);
    expect(exported.code).toBe(0);
    expect((JSON.parse(exported.stdout) as { customers: { id: string }[] }).customers[0]!.id).toBe(member.customerId);

    const erased = await memberCli(['erase', '--email', 'dana@example.com', '--url', base], settings);
    expect(erased.code).toBe(0);
    expect(erased.stdout).toContain('  customers: 1\n');
    expect(await t.database.db.select().from(customers)).toEqual([]);
    const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'member_erased'));
    expect(row).toMatchObject({ actorKind: 'cli' });

    expect(await memberCli(['erase', '--email', 'dana@example.com', '--url', base], settings)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No member has this email.\n',
    });
  });
});

describe('npm run member, in a process of its own', () => {
  let store: Storage;
  let member: SeededMember;
  beforeAll(async () => {
    store = await pgliteStorage();
    ({ member } = await seedTwo(store));
  });
  afterAll(() => store.drop());

  it('writes the export alone on stdout, so it can go to a file', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const exported = await spawnCli('member', ['export', '--email', 'dana.whitfield@example.com'], {
      ...store.settings,
      PORT: String(await idlePort()),
      ADMIN_API_KEY: '',
      DATABASE_URL: '',
    });
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as { customers: { id: string }[] };
    expect(data.customers.map((c) => c.id)).toEqual([member.customerId]);
  });
});
