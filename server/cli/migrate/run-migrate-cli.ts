import { openDatabase } from '../../platform/db/client';
import type { CliIo } from '../cli-io';

/**
 * `npm run migrate` (in the image, `node dist/server/cli/migrate.js`): brings the schema of the database the server
 * would open up to date, the job queue's included, and exits. Run once per release before the instances start, when
 * they start with MIGRATE_ON_START=false (decision 042); on PostgreSQL under the same advisory lock as a start's
 * migration, so a start that still migrates waits rather than collides. Resolves to the exit code: 2 for a usage
 * error, 1 when the database cannot be opened or a migration fails.
 */
export async function runMigrateCli(args: string[], { env, stdout, stderr }: CliIo): Promise<number> {
  if (args.length > 0) {
    stderr(
      'Usage: npm run migrate (no arguments): migrates the database of DATABASE_URL, or the embedded one in DATA_DIR.',
    );
    return 2;
  }
  const where = env.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${env.dataDir}`;
  try {
    const database = await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      timeouts: env.databaseTimeouts,
      migrate: true,
    });
    await database.close();
  } catch (error) {
    // The message only: what a migration or a connection says names tables and hosts, never a member's data.
    stderr(`Migrations failed (${where}): ${(error as Error).message}`);
    return 1;
  }
  stdout(`The database's schema is up to date (${where}).`);
  return 0;
}
