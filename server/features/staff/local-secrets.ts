import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../../env';

const AUTH_SECRET_FILE = 'auth-secret';
const CLI_KEY_FILE = 'cli-key';

const randomSecret = () => randomBytes(32).toString('base64url');

function writePrivate(path: string, content: string) {
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/**
 * The secret that signs staff sessions. AUTH_SECRET when set. Otherwise, on the embedded database, one made on
 * the first start and kept beside the data (sessions then survive a restart); instances sharing PostgreSQL must
 * sign alike, so in production they refuse to start without AUTH_SECRET, and elsewhere each uses its own.
 */
export function authSecretFor(env: Pick<Env, 'authSecret' | 'databaseUrl' | 'dataDir' | 'nodeEnv'>): string {
  if (env.authSecret) return env.authSecret;
  if (env.databaseUrl || env.dataDir.startsWith('memory://')) {
    if (env.nodeEnv === 'production') {
      throw new Error('Set AUTH_SECRET (32+ characters): every instance on one PostgreSQL must sign sessions alike.');
    }
    return randomSecret();
  }
  mkdirSync(env.dataDir, { recursive: true });
  const path = join(env.dataDir, AUTH_SECRET_FILE);
  if (!existsSync(path)) writePrivate(path, randomSecret());
  return readFileSync(path, 'utf8').trim();
}

/**
 * A bearer key for the command line on this machine, new at every start of a server on the embedded database:
 * the database then admits only the server, so `npm run staff` goes through its admin API, and a new user has
 * no ADMIN_API_KEY yet. Readable only by the user who runs the server.
 */
export function writeCliKey(dataDir: string): string {
  const key = randomSecret();
  writePrivate(join(dataDir, CLI_KEY_FILE), key);
  return key;
}

export function readCliKey(dataDir: string): string | undefined {
  const path = join(dataDir, CLI_KEY_FILE);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined;
}

const SERVER_URL_FILE = 'server-url';

/**
 * Where the server on this DATA_DIR answers, for the command line on this machine: `npm run staff` run with the
 * server's DATA_DIR finds it whatever PORT the server was started with.
 */
export function writeServerUrl(dataDir: string, url: string): void {
  writeFileSync(join(dataDir, SERVER_URL_FILE), `${url}\n`);
}

/** Forgets the address once the server stops, so that a later tool does not ask a port someone else may hold. */
export function removeServerUrl(dataDir: string): void {
  rmSync(join(dataDir, SERVER_URL_FILE), { force: true });
}

export function readServerUrl(dataDir: string): string | undefined {
  const path = join(dataDir, SERVER_URL_FILE);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() || undefined : undefined;
}
