import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file with our pid; false when it exists already. */
function tryCreate(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return true;
}

/**
 * PGlite is a single-process database: two servers on one DATA_DIR lose writes. The first to start takes this
 * lock; another is refused with a clear message. A lock left by a killed process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'club-profile.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(file)) return () => rmSync(file, { force: true });
    const holder = Number(readFileSync(file, 'utf8'));
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by process ${holder}: the embedded database serves one process. ` +
          'Stop it, or run several instances on PostgreSQL (DATABASE_URL).',
      );
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}
