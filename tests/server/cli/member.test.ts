import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { auditEvents, customers, outboxEvents, registrations } from '../../../server/db/schema';
import { CLI_TIMEOUT_MS, dataDirWithCliKey, idlePort, runCli } from './support/run-cli';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, type TestApp } from '../helpers/test-app';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/test-database';
import { seedMember, type SeededMember } from '../members/support/member-fixture';

const memberCli = (args: string[], env: Record<string, string>) => runCli('member', args, env);

/** The database the command worked on, opened again once it has exited. */
interface Storage {
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

function pgliteStorage(): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'club-member-cli-'));
  return Promise.resolve({
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open: () => openDatabase({ dataDir }),
    drop: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  });
}

async function postgresStorage(): Promise<Storage> {
  const scratch: ScratchDatabase = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  return {
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }),
    drop: scratch.drop,
  };
}

const STOPPED = [
  ['PGlite', pgliteStorage],
  ...(process.env.TEST_DATABASE_URL ? [['PostgreSQL', postgresStorage] as const] : []),
] as const;

describe.each(STOPPED)('npm run member with the server stopped, on %s', (_name, storage) => {
  let store: Storage;
  let env: Record<string, string>;
  let member: SeededMember;
  let other: SeededMember;
  beforeAll(async () => {
    store = await storage();
    env = { ...store.env, PORT: String(await idlePort()), ADMIN_API_KEY: '' };
    const database = await store.open();
    try {
      member = await seedMember(database.db, { email: 'Dana.Whitfield@Example.com', mobileNumber: '+12015550143' });
      other = await seedMember(database.db, {
        email: 'sam@example.com',
        mobileNumber: '+12015550144',
        firstName: 'Sam',
        lastName: 'Other',
      });
    } finally {
      await database.close();
    }
  });
  afterAll(() => store.drop());

  it(
    'exports as JSON, erases with counts, then finds no one; an unknown email fails and writes nothing',
    { timeout: 5 * CLI_TIMEOUT_MS },
    async () => {
      const exported = await memberCli(['export', '--email', ' dana.whitfield@example.com '], env);
      const data = JSON.parse(exported.stdout) as { customers: { id: string }[]; registrations: object[] };
      expect(data.customers.map((c) => c.id)).toEqual([member.customerId]);
      expect(data.registrations).toHaveLength(1);
      expect(exported.stdout).not.toContain(member.token);
      expect(exported.stdout).not.toMatch(/tokenHash|linkToken/);

      await expect(memberCli(['erase', '--email', 'nobody@example.com'], env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No member has this email.') as string,
      });

      const erased = await memberCli(['erase', '--email', 'DANA.whitfield@example.com'], env);
      expect(erased.stdout).toContain('Erased everything held about DANA.whitfield@example.com:');
      expect(erased.stdout).toContain('  customers: 1\n  registrations: 1\n  surveys: 1\n  textMessages: 1\n');
      expect(erased.stdout).toContain(`Customer ids (as the webhook receivers know them): ${member.customerId}`);
      expect(erased.stdout).toContain(`Registration ids: ${member.registrationId}\nSurvey ids: ${member.surveyId}\n`);
      expect(erased.stdout).toMatch(/Every enabled webhook endpoint is sent these ids as member\.erased \(event msg_/);

      await expect(memberCli(['export', '--email', 'dana.whitfield@example.com'], env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No member has this email.') as string,
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

  it('shows its usage without a command or an email', { timeout: CLI_TIMEOUT_MS }, async () => {
    await expect(memberCli(['erase'], env)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('npm run member -- erase --email EMAIL') as string,
    });
  });
});

describe('npm run member while a server holds the database', () => {
  let t: TestApp;
  let server: ServerType;
  let base: string;
  let member: SeededMember;
  const keyDir = dataDirWithCliKey(CLI_KEY);
  beforeAll(async () => {
    t = await startTestApp('pglite');
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    member = await seedMember(t.database.db, { email: 'dana@example.com', mobileNumber: '+12015550143' });
  });
  afterAll(async () => {
    server.close();
    await t.close();
    keyDir.remove();
  });

  it(
    "exports and erases through the admin API with the server's command-line key, audited as the command line",
    { timeout: 3 * CLI_TIMEOUT_MS },
    async () => {
      // ADMIN_API_KEY is a point-of-sale key: set or not, the command uses the key the server keeps for this machine.
      const env = { ADMIN_API_KEY, DATA_DIR: keyDir.dir, DATABASE_URL: '' };
      const exported = await memberCli(['export', '--email', 'dana@example.com', '--url', base], env);
      expect((JSON.parse(exported.stdout) as { customers: { id: string }[] }).customers[0]!.id).toBe(member.customerId);

      const erased = await memberCli(['erase', '--email', 'dana@example.com', '--url', base], env);
      expect(erased.stdout).toContain('  customers: 1\n');
      expect(await t.database.db.select().from(customers)).toEqual([]);
      const [row] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'member_erased'));
      expect(row).toMatchObject({ actorKind: 'cli' });

      await expect(memberCli(['erase', '--email', 'dana@example.com', '--url', base], env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No member has this email.') as string,
      });
    },
  );
});
