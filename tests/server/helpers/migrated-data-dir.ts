import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A new embedded-database directory holding a copy of the one the run migrated once
 * (tests/server/helpers/migrated-once.ts), as a server that has run before leaves it: opening it takes a tenth of
 * the CPU of a first start (initdb, every migration, the job queue's install), which the global setup, the seed's
 * first-start test and the browser tests' servers already cover. Made in `parent` (the system's temporary folder
 * by default); the caller removes it.
 */
export function migratedDataDir(prefix: string, parent = tmpdir()): string {
  const dir = mkdtempSync(join(parent, prefix));
  cpSync(inject('pgliteDataDir'), dir, { recursive: true });
  return dir;
}
