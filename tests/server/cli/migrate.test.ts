import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runMigrateCli } from '../../../server/cli/migrate/run-migrate-cli';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { SchemaBehindError } from '../../../server/platform/db/schema-version';
import { emptyDataDir, migratedDataDir } from './support/data-dirs';
import { runCli } from './support/run-cli';
import { SPAWN_TIMEOUT_MS, spawnCli } from './support/spawn-cli';
import { createScratchDatabase, DRIVERS, type Driver } from '../helpers/test-database';

const migrateCli = (args: string[], settings: Record<string, string>) => runCli(runMigrateCli, args, settings);

/** A database as the command and a start see it: its settings, and a start's open of it. */
interface Storage {
  settings: Record<string, string>;
  open: (options: { migrate: boolean }) => Promise<Database>;
  drop: () => Promise<void>;
}

async function storage(driver: Driver, state: 'empty' | 'migrated'): Promise<Storage> {
  if (driver === 'pglite') {
    const dataDir = state === 'empty' ? emptyDataDir() : migratedDataDir();
    return {
      settings: { DATA_DIR: dataDir.dir },
      open: ({ migrate }) => openDatabase({ dataDir: dataDir.dir, migrate }),
      drop: () => Promise.resolve(dataDir.remove()),
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { empty: state === 'empty' });
  return {
    settings: { DATABASE_URL: scratch.url },
    open: ({ migrate }) => openDatabase({ databaseUrl: scratch.url, dataDir: '', migrate }),
    drop: scratch.drop,
  };
}

/** Forgets that the newest migration ran, as a database left by the previous release is. */
async function forgetNewestMigration(store: Storage): Promise<void> {
  const database = await store.open({ migrate: false });
  try {
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
  } finally {
    await database.close();
  }
}

let drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops) await drop();
  drops = [];
});

describe.each(DRIVERS)('npm run migrate, and a start with MIGRATE_ON_START=false, on %s', (driver) => {
  it(
    'a start without migrations refuses a new database; the command migrates it, and the start then opens it',
    { timeout: 120_000 },
    async () => {
      const store = await storage(driver, 'empty');
      drops.push(store.drop);
      await expect(store.open({ migrate: false })).rejects.toThrow(SchemaBehindError);
      await expect(store.open({ migrate: false })).rejects.toThrow(/run the migrations first \(`npm run migrate`/);

      const migrated = await migrateCli([], store.settings);
      expect(migrated).toEqual({
        code: 0,
        stdout: expect.stringMatching(
          /^The database's schema is up to date \((PostgreSQL|embedded PGlite in .+)\)\.\n$/,
        ),
        stderr: '',
      });

      const database = await store.open({ migrate: false });
      // The job queue is installed too: its queues are there for the workers.
      const queues = await database.db.execute(sql`select count(*)::int as queues from pgboss.queue`);
      await database.close();
      expect((queues as { rows: { queues: number }[] }).rows[0]!.queues).toBeGreaterThan(0);
    },
  );

  it('a start without migrations opens a database that is up to date, and refuses one a migration behind', async () => {
    const store = await storage(driver, 'migrated');
    drops.push(store.drop);
    await (await store.open({ migrate: false })).close();
    await forgetNewestMigration(store);
    await expect(store.open({ migrate: false })).rejects.toThrow(SchemaBehindError);
  });

  it("refuses one whose job queue's tables are behind this pg-boss's", async () => {
    const store = await storage(driver, 'migrated');
    drops.push(store.drop);
    const database = await store.open({ migrate: false });
    await database.db.execute(sql`update pgboss.version set version = version - 1`);
    await database.close();
    await expect(store.open({ migrate: false })).rejects.toThrow(SchemaBehindError);
  });
});

describe('npm run migrate', () => {
  it('takes no arguments', async () => {
    expect(await migrateCli(['--force'], {})).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('Usage: npm run migrate (no arguments)') as string,
    });
  });

  it('says why when the database cannot be opened, in one line', async () => {
    const result = await migrateCli([], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
    });
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^Migrations failed \(PostgreSQL\): .+\n$/);
  });

  it('runs as a command of its own (smoke)', { timeout: SPAWN_TIMEOUT_MS }, async () => {
    const dataDir = migratedDataDir();
    drops.push(() => Promise.resolve(dataDir.remove()));
    expect(await spawnCli('migrate', [], { DATA_DIR: dataDir.dir })).toEqual({
      code: 0,
      stdout: `The database's schema is up to date (embedded PGlite in ${dataDir.dir}).\n`,
      stderr: '',
    });
  });
});
