import { rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * How the lock on DATA_DIR stays alive. Its holder refreshes the lock directory's mtime every `updateMs`; a lock
 * not refreshed for `staleMs` belonged to a process that is gone (killed, crashed, a previous container), and the
 * next one takes it over. 5 s leaves room for mtimes kept to the second and a starved thread; it is also about
 * how long a restart right after `kill -9` waits.
 */
const LOCK_TIMING = { staleMs: 5000, updateMs: 1000, pollMs: 250 } as const;

/** A directory (proper-lockfile creates it with mkdir, which is atomic), inside DATA_DIR so it moves with it. */
export const LOCK_NAME = 'club-profile.lock.d';
/** The pid file earlier versions wrote. */
const OLD_PID_FILE = 'club-profile.lock';

/**
 * proper-lockfile refreshes the mtime with timers; on the main thread those would stall whenever PGlite's
 * WebAssembly does (initdb blocks it for seconds on a busy machine), and a stalled refresh looks like a dead
 * holder to a second process, which would then open the same directory. In a worker thread the refresh keeps time
 * while the main thread computes, and dies with the process. The worker only locks and refreshes; the waiting
 * and deciding are done below.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const lockfile = require(workerData.lockfileModule);
let release;
parentPort.on('message', async (request) => {
  if (request === 'lock') {
    try {
      release = await lockfile.lock(workerData.dataDir, {
        lockfilePath: workerData.lockPath,
        stale: workerData.staleMs,
        update: workerData.updateMs,
        onCompromised: (error) => parentPort.postMessage({ type: 'compromised', code: error.code }),
      });
      parentPort.postMessage({ type: 'locked' });
    } catch (error) {
      parentPort.postMessage({ type: 'failed', code: error.code, message: error.message });
    }
  } else if (request === 'release') {
    await release?.().catch(() => undefined);
    parentPort.postMessage({ type: 'released' });
  }
});
`;

type WorkerAnswer =
  | { type: 'locked' | 'released' }
  | { type: 'failed'; code?: string; message: string }
  | { type: 'compromised'; code?: string };

const lockfileModule = createRequire(import.meta.url).resolve('proper-lockfile');

function mtimeOf(path: string): number | undefined {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs;
}

/**
 * PGlite is a single-process database: two servers on one DATA_DIR lose writes. The first to start takes this
 * lock; another is refused with a clear message as soon as it sees the lock refreshed, that is its holder alive.
 * A lock nobody refreshes any more is taken over once stale, whatever pid once held it. Resolves to the unlock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, LOCK_NAME);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { lockfileModule, dataDir, lockPath, staleMs: LOCK_TIMING.staleMs, updateMs: LOCK_TIMING.updateMs },
  });
  let pending: ((answer: WorkerAnswer) => void) | undefined;
  let held = false;
  const ask = (request: 'lock' | 'release') =>
    new Promise<WorkerAnswer>((resolve) => {
      pending = resolve;
      worker.postMessage(request);
    });
  const removeOnExit = () => rmSync(lockPath, { recursive: true, force: true });

  // The lock is refreshed no longer: someone else may hold it now, or soon. Going on would risk two processes
  // writing one database, which corrupts it; stopping costs a restart, which waits for the lock or is refused.
  const compromised = (why: string) => {
    process.off('exit', removeOnExit);
    console.error(`The lock on DATA_DIR ${dataDir} was lost (${why}): stopping so that only one process writes it.`);
    process.exit(1);
  };
  worker.on('message', (answer: WorkerAnswer) => {
    if (answer.type === 'compromised') compromised(answer.code ?? 'compromised');
    else pending?.(answer);
  });
  // A worker may throw any value, not only an Error (Node's types leave it untyped).
  worker.on('error', (thrown: unknown) => {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    if (held) compromised(error.name);
    else pending?.({ type: 'failed', message: error.message });
  });
  worker.on('exit', () => {
    if (held) compromised('refresh stopped');
    else pending?.({ type: 'failed', message: 'the lock worker stopped' });
  });

  try {
    await acquire(dataDir, lockPath, () => ask('lock'));
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  held = true;
  // The refresh must not keep a process alive that has nothing else to do.
  worker.unref();
  // An exit without close (a crash, process.exit) frees the directory at once rather than once the lock is stale.
  process.on('exit', removeOnExit);
  // Written by earlier versions: its pid says nothing (and misled them after a reboot); this lock replaces it.
  rmSync(join(dataDir, OLD_PID_FILE), { force: true });

  return async () => {
    if (!held) return;
    held = false;
    process.off('exit', removeOnExit);
    worker.ref();
    await ask('release');
    await worker.terminate();
  };
}

/** Another live process holds DATA_DIR: the embedded database serves one process at a time. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another process: the embedded database serves one process. ` +
        'Stop it, or run several instances on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Tries until the lock is ours. A holder that refreshes the lock is alive: refused at once. One that does not is
 * gone, and proper-lockfile takes its lock over once stale; the deadline is only a backstop.
 */
async function acquire(dataDir: string, lockPath: string, tryLock: () => Promise<WorkerAnswer>): Promise<void> {
  const inUse = () => new DataDirInUseError(dataDir);
  const deadline = Date.now() + LOCK_TIMING.staleMs + 2 * LOCK_TIMING.updateMs;
  let firstSeen: number | undefined;
  for (;;) {
    const answer = await tryLock();
    if (answer.type === 'locked') return;
    if (answer.type !== 'failed' || answer.code !== 'ELOCKED') {
      throw new Error(`Could not lock DATA_DIR ${dataDir}: ${answer.type === 'failed' ? answer.message : answer.type}`);
    }
    const mtime = mtimeOf(lockPath);
    if (firstSeen !== undefined && mtime !== undefined && mtime !== firstSeen) throw inUse();
    firstSeen ??= mtime;
    if (Date.now() >= deadline) throw inUse();
    await sleep(LOCK_TIMING.pollMs);
  }
}
