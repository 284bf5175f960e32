import { format } from 'node:util';
import type { CliIo } from '../../../../server/cli/cli-io';
import { parseEnv } from '../../../../server/env';

/** What the user sees of a command: its exit code and what it wrote on each stream. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool's function (server/cli/<name>/run-<name>-cli.ts) in this process, as `npm run <name> -- …` would with
 * these settings and no others, and collects its lines as a terminal would show them.
 */
export async function runCli(
  run: (args: string[], io: CliIo) => Promise<number>,
  args: string[],
  settings: Record<string, string>,
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    env: parseEnv(settings),
    stdout: (...data) => (stdout += `${format(...data)}\n`),
    stderr: (...data) => (stderr += `${format(...data)}\n`),
  });
  return { code, stdout, stderr };
}
