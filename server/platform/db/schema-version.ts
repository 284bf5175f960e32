import { readMigrationFiles } from 'drizzle-orm/migrator';
import bossPackage from 'pg-boss/package.json' with { type: 'json' };
import { JOB_SCHEMA } from '../jobs/queues';
import type { SqlExecutor } from './sql-executor';

/** Said when a start that does not migrate (MIGRATE_ON_START=false) finds the schema behind this build's. */
export class SchemaBehindError extends Error {
  constructor() {
    super(
      "The database's schema is behind this version of Club Profile, and MIGRATE_ON_START is false: run the " +
        'migrations first (`npm run migrate`; in the image, `node dist/server/cli/migrate.js`), then start again.',
    );
    this.name = 'SchemaBehindError';
  }
}

/**
 * Whether every migration in `migrationsFolder` has been applied, read from the record drizzle's migrator keeps
 * (`drizzle.__drizzle_migrations`, one row per migration with its journal time): it applies exactly those newer than
 * its latest row, so the schema is current when that row is as new as the newest migration shipped.
 */
export async function schemaIsCurrent(executor: SqlExecutor, migrationsFolder: string): Promise<boolean> {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  const { rows } = await executor.executeSql(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as recorded",
  );
  if (rows[0]?.recorded !== true) return false;
  const latest = await executor.executeSql('select max(created_at)::text as applied from drizzle.__drizzle_migrations');
  return Number(latest.rows[0]?.applied ?? 0) >= newest && (await jobQueueIsCurrent(executor));
}

/**
 * Whether pg-boss's tables are the version this pg-boss expects (its package.json names it): pg-boss started without
 * migrating refuses any other, pg-boss 10's among them (decision 043).
 */
async function jobQueueIsCurrent(executor: SqlExecutor): Promise<boolean> {
  const { rows } = await executor.executeSql(`select to_regclass('${JOB_SCHEMA}.version') is not null as installed`);
  if (rows[0]?.installed !== true) return false;
  const installed = await executor.executeSql(`select max(version)::int as version from ${JOB_SCHEMA}.version`);
  return installed.rows[0]?.version === bossPackage.pgboss.schema;
}
