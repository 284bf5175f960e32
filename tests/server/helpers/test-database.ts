import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { leasePglite } from './pglite-pool';
import { adminQuery, databaseUrl } from './postgres-admin';

export type Driver = 'pglite' | 'postgres';

/**
 * For suites whose outcome may depend on the engine or its driver (types read back, transactions, concurrency, the
 * job queue): PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
 */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * For suites about HTTP, rendering, authorisation or configuration, whose SQL the suites on DRIVERS run on both
 * engines already: the embedded database only, as a user's machine without PostgreSQL has.
 */
export const EMBEDDED_ONLY: Driver[] = ['pglite'];

export interface ScratchDatabase {
  /** A connection string for the new database. */
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new PostgreSQL database on the test server, so suites running in parallel never see each other's rows, and
 * child processes can be given its address. A copy of the database the run migrated once, or `{ empty: true }`
 * (whoever opens it first migrates). Dropped by `drop`; leftovers are recognisable by their name.
 */
export async function createScratchDatabase(
  adminUrl: string,
  options: { empty?: boolean } = {},
): Promise<ScratchDatabase> {
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  const template = options.empty ? '' : inject('postgresTemplate');
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

let snapshot: Blob | undefined;
/** The data directory the run's global setup migrated (tests/server/helpers/migrated-once.ts), read once per worker. */
export function migratedSnapshot(): Blob {
  snapshot ??= new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return snapshot;
}

/**
 * A fresh, migrated database: PGlite in memory, or a scratch PostgreSQL database dropped on close. Both start as a
 * copy of the database migrated once for the run.
 */
export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return leasePglite(migratedSnapshot);
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
