import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installJobQueue } from '../jobs/install-job-queue';
import { lockDataDir } from './data-dir-lock';
import { SchemaBehindError, schemaIsCurrent } from './schema-version';
import { createPostgresPool, DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './postgres-pool';
import * as schema from './schema';
import { postgresExecutor, type SqlExecutor } from './sql-executor';
import { appPath } from '../app-root';

/** The one database type the routes see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A write of several statements takes one of these, so it cannot be called outside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Plain SQL on the same connection(s), for pg-boss. */
  executor: SqlExecutor;
  /**
   * PostgreSQL only: a small pool of its own for the throttles' counters (server/platform/limits/). A request counts inside
   * its transaction; were the counter to wait for the request pool, as many requests as the pool holds would each
   * hold a connection while waiting for another, and none would finish.
   */
  countersDb?: Db;
  close: () => Promise<void>;
}

const migrationsFolder = appPath('server', 'platform', 'db', 'migrations');

/** A counter is one short statement: a few connections serve every request's. */
const COUNTERS_POOL_SIZE = 3;

/** Any number fits in a signed 64-bit advisory lock key; this one is ours for migrations. */
const MIGRATION_LOCK = 727_001;

/**
 * Opens PostgreSQL when a connection string is given, otherwise the embedded PGlite under `dataDir`
 * (`memory://` keeps it in memory, for tests), and brings the schema up to date, the job queue's included. `timeouts` bound every wait on
 * PostgreSQL (default 5 s to connect, 10 s a statement); PGlite runs in this process and needs none.
 * With `migrate: false` (MIGRATE_ON_START=false: the migrations run once, on their own), it only checks that the
 * schema is up to date, and rejects with a `SchemaBehindError` when it is not.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: DatabaseTimeouts;
  /** PGlite only: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  /** Bring the schema up to date (the default), or only check that it is. */
  migrate?: boolean;
}): Promise<Database> {
  const migrate = options.migrate ?? true;
  const database = await openEngine({ ...options, migrate });
  if (!migrate && !(await schemaIsCurrent(database.executor, migrationsFolder))) {
    await database.close();
    throw new SchemaBehindError();
  }
  return database;
}

async function openEngine(options: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: DatabaseTimeouts;
  loadDataDir?: Blob;
  migrate: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    if (options.migrate) await migrateOnPostgres(options.databaseUrl, timeouts);
    const pool = createPostgresPool(options.databaseUrl, timeouts);
    const db = drizzlePostgres({ client: pool, schema });
    const countersPool = createPostgresPool(options.databaseUrl, timeouts, COUNTERS_POOL_SIZE);
    return {
      db: db as unknown as Db,
      driver: 'postgres',
      executor: postgresExecutor(pool),
      countersDb: drizzlePostgres({ client: countersPool, schema }) as unknown as Db,
      close: async () => {
        await Promise.all([pool.end(), countersPool.end()]);
      },
    };
  }

  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const unlock = inMemory ? () => Promise.resolve() : await lockDataDir(options.dataDir);
  try {
    // Loaded only here: on PostgreSQL the embedded engine's modules would be memory held for nothing.
    const { openPglite, pgliteDatabase } = await import('./pglite-database');
    const { client, parsers } = await openPglite(options.dataDir, options.loadDataDir, { migrate: options.migrate });
    return pgliteDatabase(client, parsers, async () => {
      await client.close();
      await unlock();
    });
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * Migrates on a connection of its own, without the pool's statement limits: a migration may rightly run for
 * minutes, and so may the wait for another instance's. Only connecting is bounded.
 */
async function migrateOnPostgres(connectionString: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connectMs });
  // A connection lost mid-migration fails the query under way; unheard, the 'error' event would crash first.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Several instances may start at once on one database: only one migrates at a time.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
    await installJobQueue(postgresExecutor(client));
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end().catch(() => undefined);
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
