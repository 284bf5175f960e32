import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../../../../server/platform/db/client';
import { migratedDataDir as copyOfMigrated } from '../../helpers/migrated-data-dir';

export interface DataDir {
  dir: string;
  /** Opens the embedded database in it, as the command does (never while the command has it open). */
  open: () => Promise<Database>;
  remove: () => void;
}

/** A new DATA_DIR, as on a machine where nothing ran yet: the first command migrates it. */
export function emptyDataDir(): DataDir {
  return dataDirAt(mkdtempSync(join(tmpdir(), 'club-cli-data-')));
}

/** A DATA_DIR holding the database the run migrated once, as a server that has run leaves it. */
export function migratedDataDir(): DataDir {
  return dataDirAt(copyOfMigrated('club-cli-data-'));
}

function dataDirAt(dir: string): DataDir {
  return {
    dir,
    open: () => openDatabase({ dataDir: dir }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * A data directory holding the key a server on this machine keeps for its command line (server/features/staff/local-secrets.ts),
 * as the test app's: the command then reaches that server's admin API as the operator's own command line.
 */
export function dataDirWithCliKey(key: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'club-cli-key-'));
  writeFileSync(join(dir, 'cli-key'), key, { mode: 0o600 });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
