import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../../helpers/migrated-data-dir';
import { openDatabase, type Database } from '../../../../server/platform/db/client';
import { LOCK_NAME } from '../../../../server/platform/db/data-dir-lock';
import { spawnScript, stopChild, type ScriptChild } from '../../resilience/support/child-process';

/**
 * The embedded database's directory serves one live process at a time, and nothing a dead process left behind
 * (its lock, its pid file, a pid that now names another process) keeps the next one from starting.
 */
const holderScript = fileURLToPath(new URL('./support/hold-data-dir.ts', import.meta.url));
/** Generous: a reopen takes half a second on an idle machine, but CI machines are rarely idle. */
const HOLDER_READY_MS = 20_000;
const TEST_TIMEOUT_MS = 45_000;
const IN_USE =
  /^DATA_DIR .+ is in use by another process: the embedded database serves one process\. Stop it, or run several instances on PostgreSQL \(DATABASE_URL\)\.$/;

describe('the lock on the embedded database directory', () => {
  let dataDir = '';
  let holder: ScriptChild | undefined;
  let opened: Database | undefined;

  beforeAll(() => {
    // A database the run migrated once, so each test measures a restart, not a birth.
    dataDir = migratedDataDir('club-lock-');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  afterEach(async () => {
    if (holder) await stopChild(holder);
    holder = undefined;
    await opened?.close();
    opened = undefined;
  });

  const startHolder = async () => {
    holder = spawnScript(holderScript, { HOLD_DATA_DIR: dataDir });
    await holder.waitUntil((lines) => lines.includes('ready'), HOLDER_READY_MS);
    return holder;
  };

  it(
    'ignores a pid file of the old format naming a live, unrelated process, and removes it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      // A pid reused after a reboot or in a new container: alive, but not ours and not a database.
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        writeFileSync(join(dataDir, 'club-profile.lock'), String(unrelated.pid));
        opened = await openDatabase({ dataDir });
        expect(existsSync(join(dataDir, 'club-profile.lock'))).toBe(false);
      } finally {
        unrelated.kill('SIGKILL');
      }
    },
  );

  it('takes over a lock nobody has refreshed for long', { timeout: TEST_TIMEOUT_MS }, async () => {
    const lockDir = join(dataDir, LOCK_NAME);
    mkdirSync(lockDir);
    const longAgo = new Date(Date.now() - 60 * 60 * 1000);
    utimesSync(lockDir, longAgo, longAgo);
    opened = await openDatabase({ dataDir });
    // Taken over: the lock is this process's now, refreshed rather than an hour old.
    expect(statSync(lockDir).mtimeMs).toBeGreaterThan(longAgo.getTime() + 30 * 60 * 1000);
  });

  it(
    'starts right after its holder was killed with SIGKILL, once the lock is stale',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const killed = await startHolder();
      killed.child.kill('SIGKILL');
      // Not waiting for the kill to land: a supervisor restarts at once, and the old pid may well still answer.
      opened = await openDatabase({ dataDir });
      expect((await killed.closed).signal).toBe('SIGKILL');
    },
  );

  it(
    'refuses a second process while the first is alive, naming DATA_DIR, and opens once it has stopped',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const first = await startHolder();
      await expect(openDatabase({ dataDir })).rejects.toThrow(IN_USE);
      await stopChild(first);
      expect((await first.closed).code).toBe(0);
      // Closed cleanly, it let go at once: no waiting for staleness.
      expect(existsSync(join(dataDir, LOCK_NAME))).toBe(false);
      opened = await openDatabase({ dataDir });
    },
  );

  it(
    'stops the process that holds it when the lock is taken away, rather than share the directory',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const robbed = await startHolder();
      rmSync(join(dataDir, LOCK_NAME), { recursive: true });
      const { code } = await robbed.closed;
      expect(code).toBe(1);
      expect(robbed.stderr()).toContain(`The lock on DATA_DIR ${dataDir} was lost`);
    },
  );
});
