import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildIsStale } from '../../../../scripts/build-freshness.mjs';
import type { CliResult } from './run-cli';

const run = promisify(execFile);
/** Starting a process is most of a smoke test's time: tsx compiles the sources first, under load for seconds. */
export const SPAWN_TIMEOUT_MS = 60_000;

/**
 * Runs a tool in a process of its own, as `npm run <name> -- …` does: the compiled build through scripts/start.mjs
 * when dist/ holds a build of the current sources (as after `npm run build`), otherwise its source through tsx
 * (start.mjs would first build, for a minute). Only these settings are added to the environment.
 */
export async function spawnCli(name: string, args: string[], settings: Record<string, string>): Promise<CliResult> {
  const [command, start] = buildIsStale()
    ? ['npx', ['tsx', `server/cli/${name}.ts`]]
    : ['node', ['scripts/start.mjs', `cli/${name}`]];
  try {
    const { stdout, stderr } = await run(command, [...start, ...args], {
      env: { ...process.env, ...settings },
      timeout: SPAWN_TIMEOUT_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
