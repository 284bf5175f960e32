import { spawn } from 'node:child_process';
import { repoRoot } from './paths';
import { withTimeout } from './with-timeout';

export interface ChildServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * Runs `node <args>` from the repository root (so that it resolves the app's packages) and waits for the
 * `listening <port>` line every bench server prints; `stdin`, when given, is written to it and closed first.
 */
export async function startChildServer(
  label: string,
  args: string[],
  options: { stdin?: Buffer; startTimeoutMs?: number } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
  if (options.stdin) child.stdin!.end(options.stdin);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await withTimeout(exited, 5000, `${label} shutdown`).catch(() => child.kill('SIGKILL'));
  };
  let output = '';
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-2000);
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`${label} exited (${code}) before listening: ${output}`)));
    }),
    options.startTimeoutMs ?? 15_000,
    `${label} start`,
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop };
}
