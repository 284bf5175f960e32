import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { TEST_NODE_FLAGS } from '../../helpers/test-node-flags';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Inside the app's folder, so the compiled script finds node_modules and package.json as the source would. */
const compiledDir = join(repoRoot, 'node_modules', '.cache', 'club-test-scripts');

export interface ScriptChild {
  child: ChildProcess;
  /** Every stdout line so far, in order; lines keep arriving until the process's stdout closes. */
  lines: string[];
  stderr: () => string;
  /** Resolves once `ready(lines)` holds (checked now and on every new line); rejects on timeout or process end. */
  waitUntil: (ready: (lines: readonly string[]) => boolean, timeoutMs: number) => Promise<void>;
  /** Resolves once the process has exited and its stdout is fully read. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const compiled = new Map<string, string>();
/**
 * The script bundled to one ES module with our code inlined and packages left to node_modules, as
 * scripts/build-server.mjs compiles the server: once per test process, where a TypeScript loader in every child
 * would compile the whole server again on each start (seconds per child on a busy machine).
 */
function compile(script: string): string {
  const known = compiled.get(script);
  if (known) return known;
  const [output] = buildSync({
    entryPoints: [script],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.13',
    packages: 'external',
    write: false,
    logLevel: 'warning',
  }).outputFiles;
  const file = join(compiledDir, `${basename(script, '.ts')}.mjs`);
  // Written aside and renamed: other test processes may be starting the same script at this moment.
  const written = `${file}.${process.pid}`;
  mkdirSync(compiledDir, { recursive: true });
  writeFileSync(written, output!.contents);
  renameSync(written, file);
  compiled.set(script, file);
  return file;
}

/**
 * Runs a TypeScript entry, compiled, with plain node: one process, so a signal reaches the code under test (the
 * `tsx` binary would run it in a grandchild that SIGKILL on the parent leaves behind).
 */
export function spawnScript(script: string, env: Record<string, string>): ScriptChild {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, compile(script)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    // stdin stays open for the child's life: it sees it close if this process dies without stopping it.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });
  let ended = false;
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      ended = true;
      for (const wake of waiters) wake();
      resolve({ code, signal });
    });
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });

  const waitUntil = (ready: (lines: readonly string[]) => boolean, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const report = (what: string) =>
        new Error(`${script} ${what}.\nstdout: ${lines.slice(-5).join('\n')}\n${stderr}`);
      const check = () => {
        if (ready(lines)) return finish(resolve);
        if (ended) return finish(() => reject(report('ended before it was ready')));
      };
      const timer = setTimeout(() => finish(() => reject(report(`was not ready within ${timeoutMs} ms`))), timeoutMs);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
    });

  return { child, lines, stderr: () => stderr, waitUntil, closed };
}

/** Asks politely (SIGTERM), then insists (SIGKILL); resolves once the process is gone. */
export async function stopChild(running: ScriptChild, graceMs = 3000): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await running.closed;
  clearTimeout(timer);
}

/** When the test process dies without stopping this one, its end of stdin closes: do not outlive it. */
export function exitWithParent(): void {
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
