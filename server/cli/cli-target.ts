import { openDatabase, type Db } from '../platform/db/client';
import { DataDirInUseError } from '../platform/db/data-dir-lock';
import type { Env } from '../env';
import { readCliKey, readServerUrl } from '../features/staff/local-secrets';
import type { Print } from './cli-io';

async function answers(base: string): Promise<boolean> {
  try {
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    return health.status < 500;
  } catch {
    return false;
  }
}

/**
 * Where a server on this machine may answer: `--url` when given; otherwise the address the server on DATA_DIR
 * wrote there (whatever PORT it was started with), then PORT's.
 */
export function serverCandidates(url: string | undefined, env: Pick<Env, 'dataDir' | 'port'>): string[] {
  const candidates = url ? [url] : [readServerUrl(env.dataDir), `http://127.0.0.1:${env.port}`];
  return [...new Set(candidates.filter((base) => base !== undefined).map((base) => base.replace(/\/+$/, '')))];
}

/** The first of the candidates that answers (PGlite's data directory is then that server's), or undefined. */
export async function runningServer(candidates: string[]): Promise<string | undefined> {
  for (const base of candidates) if (await answers(base)) return base;
  return undefined;
}

/**
 * Where a command-line tool acts: on PostgreSQL, on the database itself; on PGlite, through the admin API of the
 * server that holds the data directory, with the key it keeps for this machine in DATA_DIR (ADMIN_API_KEY is a
 * point-of-sale key and may not manage staff or members' data), and on the data directory itself when no server
 * runs. Undefined, once it has said why on stderr, when a server runs and its key is not there, or when one holds
 * the directory but answers at none of the addresses tried.
 */
export async function openCliTarget<T>(options: {
  env: Pick<Env, 'databaseUrl' | 'dataDir' | 'port'>;
  stderr: Print;
  url: string | undefined;
  direct: (db: Db, close: () => Promise<void>) => T;
  overHttp: (base: string, key: string) => T;
  /** Said when a server runs and no key reaches it: what the key is needed for. */
  purpose: string;
}): Promise<T | undefined> {
  const { env } = options;
  if (env.databaseUrl) {
    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    return options.direct(database.db, database.close);
  }
  const candidates = serverCandidates(options.url, env);
  const base = await runningServer(candidates);
  if (base) {
    const key = readCliKey(env.dataDir);
    if (!key) {
      options.stderr(
        `A server is running at ${base}, but its key for this machine is not in ${env.dataDir}: ` +
          `run this with the server's DATA_DIR to ${options.purpose}.`,
      );
      return undefined;
    }
    return options.overHttp(base, key);
  }
  try {
    const database = await openDatabase({ dataDir: env.dataDir });
    return options.direct(database.db, database.close);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // A server holds the directory but answers at none of the addresses tried (still starting, or --url elsewhere).
    options.stderr(
      `DATA_DIR ${env.dataDir} is in use by a server that does not answer at ${candidates.join(' or ')}: ` +
        `run this again once it answers, with --url set to its address, or after it has stopped.`,
    );
    return undefined;
  }
}
