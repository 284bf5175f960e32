import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const CLI_TIMEOUT_MS = 60_000;

/** A port nothing listens on, so the command finds no running server and opens the database itself. */
export async function idlePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs one of server/cli/ from its source, as `npm run <name> -- …` would, with these settings. */
export const runCli = (name: string, args: string[], env: Record<string, string>) =>
  run('npx', ['tsx', `server/cli/${name}.ts`, ...args], { env: { ...process.env, ...env }, timeout: CLI_TIMEOUT_MS });

/**
 * A data directory holding the key a server on this machine keeps for its command line (server/staff/local-secrets.ts),
 * as the test app's: the command then reaches that server's admin API as the operator's own command line.
 */
export function dataDirWithCliKey(key: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'club-cli-key-'));
  writeFileSync(join(dir, 'cli-key'), key, { mode: 0o600 });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
