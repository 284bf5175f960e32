import { openDatabase, type Db } from '../db/client';
import type { Env } from '../env';
import { readCliKey } from '../staff/local-secrets';
import type { Print } from './cli-io';

/** A server answering on this machine (PGlite's data directory is then its own), or undefined. */
async function runningServer(url: string | undefined, port: number): Promise<string | undefined> {
  const base = (url ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  try {
    const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    return health.status < 500 ? base : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where a command-line tool acts: on PostgreSQL, on the database itself; on PGlite, through the admin API of the
 * server that holds the data directory, with the key it keeps for this machine in DATA_DIR (ADMIN_API_KEY is a
 * point-of-sale key and may not manage staff or members' data), and on the data directory itself when no server
 * runs. Undefined, once it has said why on stderr, when a server runs and its key is not there.
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
  const base = await runningServer(options.url, env.port);
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
  const database = await openDatabase({ dataDir: env.dataDir });
  return options.direct(database.db, database.close);
}
