import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { installJobQueue } from '../jobs/install-job-queue';
import { appPath } from '../app-root';
import { drizzleView, readDrizzleTypesAsText } from './pglite-text-types';
import * as schema from './schema';
import { pgliteExecutor } from './sql-executor';

/** An embedded database, migrated, with the job queue installed. */
export interface OpenPglite {
  client: PGlite;
  /** PGlite's own parsers for the types the client reads as text for drizzle (pglite-text-types.ts), for pg-boss. */
  parsers: PGlite['parsers'];
}

/**
 * Opens PGlite under `dataDir` (`memory://` keeps it in memory), from a dump of a data directory when one is given,
 * and brings the schema up to date, the job queue's included, unless `migrate` is false.
 */
export async function openPglite(
  dataDir: string,
  loadDataDir?: Blob,
  options: { migrate: boolean } = { migrate: true },
): Promise<OpenPglite> {
  const client = await PGlite.create(dataDir, { loadDataDir });
  try {
    const parsers = readDrizzleTypesAsText(client);
    if (options.migrate) {
      await migrate(drizzle({ client: drizzleView(client), schema }), {
        migrationsFolder: appPath('server', 'platform', 'db', 'migrations'),
      });
      await installJobQueue(pgliteExecutor(client, parsers));
    }
    return { client, parsers };
  } catch (error) {
    await client.close();
    throw error;
  }
}

/**
 * The database the app sees on an open PGlite, or on a stand-in that answers `query`, `exec` and `transaction` as it
 * does (the test suites lend one PGlite to suite after suite through one). `close` is what closing it does. A
 * `Database` (client.ts), which is not imported here: client.ts loads this module only when it opens PGlite.
 */
export function pgliteDatabase(client: PGlite, parsers: PGlite['parsers'], close: () => Promise<void>) {
  return {
    db: drizzle({ client: drizzleView(client), schema }),
    driver: 'pglite' as const,
    executor: pgliteExecutor(client, parsers),
    close,
  };
}
