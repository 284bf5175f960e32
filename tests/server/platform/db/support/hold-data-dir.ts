/**
 * Holds an embedded database open for the lock tests: `node --import tsx hold-data-dir.ts` with HOLD_DATA_DIR.
 * Prints `ready` once the database is open, and closes it on SIGTERM.
 */
import { openDatabase } from '../../../../../server/platform/db/client';
import { exitWithParent } from '../../../resilience/support/child-process';

exitWithParent();

const database = await openDatabase({ dataDir: process.env.HOLD_DATA_DIR ?? '' });
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void database.close().finally(() => process.exit(0));
});
