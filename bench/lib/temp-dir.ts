import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CleanupStack } from './cleanup-stack';

/** A fresh directory under the OS temp dir, removed when `cleanup` runs. */
export function makeTempDir(prefix: string, cleanup: CleanupStack): string {
  const dir = mkdtempSync(join(tmpdir(), `club-bench-${prefix}-`));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
