import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { buildIsStale } from '../../scripts/build-freshness.mjs';
import { repoRoot } from './paths';
import { median } from './stats';
import { withTimeout } from './with-timeout';

export const BENCH_API_KEY = 'bench-api-key';
export const BENCH_ADMIN_API_KEY = 'bench-admin-key-0123456789';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The node process that runs the compiled server itself (no npx or npm wrapper in between). */
  pid: number;
  stop: () => Promise<void>;
}

const KEEP_OUTPUT_CHARS = 4000;
const gcOnSignalFile = `${repoRoot}/bench/lib/gc-on-signal.mjs`;

/**
 * Starts the real server (`dist/server/main.js`, what `npm start` runs) as a child on a free loopback port, with its
 * own data directory, the bench's API keys and a lookup miss limit high enough never to matter. Without DATABASE_URL
 * it uses the embedded PGlite.
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string;
  /** Lets `collectGarbage` force a full GC in the server (see gc-on-signal.mjs). */
  gcOnSignal?: boolean;
  /** More settings, e.g. WEBHOOK_URL for the integrations section. */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  // What `npm start` runs: the compiled server, built first when a source changed (scripts/start.mjs does the same).
  if (buildIsStale()) {
    const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'ignore' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const preload = options.gcOnSignal ? ['--expose-gc', '--import', gcOnSignalFile] : [];
  const child: ChildProcess = spawn(process.execPath, [...preload, 'dist/server/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      // Empty counts as unset for the server, and keeps a .env file from pointing it elsewhere.
      DATABASE_URL: options.databaseUrl ?? '',
      API_KEY: BENCH_API_KEY,
      ADMIN_API_KEY: BENCH_ADMIN_API_KEY,
      LOOKUP_MISSES_PER_MINUTE: '100000',
      // The survey throttles at their maximum: the bench measures the route, not the refusal.
      SURVEYS_PER_CUSTOMER_PER_DAY: '1000',
      SURVEYS_PER_HOUR: '100000',
      // The bench issues thousands of codes with one key: the issuing budgets at their maximum too.
      CODES_PER_ISSUER_PER_HOUR: '1000000',
      RETURNING_CODES_PER_ISSUER_PER_HOUR: '1000000',
      ANALYTICS_ID: '',
      // Production on PostgreSQL refuses to start without one (every instance must sign sessions alike).
      AUTH_SECRET: 'bench-auth-secret-0123456789-0123456789',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // One log line per request: read and dropped, so a full pipe never slows the server down.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEEP_OUTPUT_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await withTimeout(exited, 8000, 'server shutdown').catch(() => {
      child.kill('SIGKILL');
    });
  };

  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      const onData = () => {
        const match = /running at http:\/\/[^:]+:(\d+)/.exec(output);
        if (match) {
          child.stdout!.off('data', onData);
          resolve(Number(match[1]));
        }
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
    }),
    120_000,
    'server start',
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * RSS after a forced full GC in a server started with `gcOnSignal`: the median of five readings over a second, once
 * the collection has had a second to finish and return memory to the system.
 */
export async function rssAfterFullGc(pid: number): Promise<number> {
  process.kill(pid, 'SIGUSR2');
  await pause(1000);
  const readings: number[] = [];
  for (let index = 0; index < 5; index++) {
    readings.push(residentBytes(pid));
    await pause(200);
  }
  return median(readings);
}
