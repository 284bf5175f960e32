import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../../server/db/client';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DRIVERS: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface ScratchDatabase {
  /** A connection string for the new, empty database (not migrated: whoever opens it first migrates). */
  url: string;
  drop: () => Promise<void>;
}

async function adminQuery(adminUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new PostgreSQL database on the test server, so suites running in parallel never see each other's rows, and
 * child processes can be given its address. Dropped by `drop`; leftovers are recognisable by their name.
 */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** A fresh, migrated database: PGlite in memory, or a scratch PostgreSQL database dropped on close. */
export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openDatabase({ dataDir: 'memory://' });
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
