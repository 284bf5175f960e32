import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every process below `pid`, children first. */
function descendants(pid: number): number[] {
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when the process has no children.
  }
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Whether the process still runs; a zombie has ended (a container's init may be slow to reap it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 100));
}

function connect(port: number): Promise<'accepted' | 'refused'> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
    );
  });
}

let leftovers: number[] = [];
let dataDir = '';
afterEach(() => {
  for (const pid of leftovers.filter(running)) process.kill(pid, 'SIGKILL');
  leftovers = [];
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  // The first start in a fresh checkout also builds the app with Vite.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s: the port closes, it exits 0 and none of its processes is left',
    { timeout: 120_000 },
    async (signal) => {
      dataDir = mkdtempSync(join(tmpdir(), 'club-start-'));
      const npm = spawn('npm', ['start'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          SEED_DEMO: 'false',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        npm.on('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
      );
      const port = await new Promise<number>((resolve, reject) => {
        createInterface({ input: npm.stdout }).on('line', (line) => {
          const match = /running at http:\/\/[^\s]+:(\d+)/.exec(line);
          if (match) resolve(Number(match[1]));
        });
        void exited.then(() => reject(new Error(`npm start ended before it was running:\n${stderr}`)));
      });

      const tree = [npm.pid!, ...descendants(npm.pid!)];
      leftovers = tree;
      expect(await connect(port)).toBe('accepted');

      npm.kill(signal);
      expect(await exited).toEqual({ code: 0, signal: null });
      await until(() => !tree.some(running));
      expect(await connect(port)).toBe('refused');
    },
  );
});

describe('npm start on an empty database', () => {
  it(
    'prints the one line that creates the first owner, and that line works while it runs',
    { timeout: 180_000 },
    async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'club-first-owner-'));
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_API_KEY: '',
        SEED_DEMO: 'false',
      };
      const npm = spawn('npm', ['start'], {
        cwd: repoRoot,
        env: { ...env, PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      leftovers = [npm.pid!];
      const lines: string[] = [];
      const port = await new Promise<number>((resolve, reject) => {
        createInterface({ input: npm.stdout }).on('line', (line) => {
          lines.push(line);
          const match = /running at http:\/\/[^\s]+:(\d+)/.exec(line);
          if (match) resolve(Number(match[1]));
        });
        npm.on('exit', () => reject(new Error(`npm start ended before it was running:\n${lines.join('\n')}`)));
      });
      leftovers = [npm.pid!, ...descendants(npm.pid!)];
      await until(() => lines.some((line) => line.includes('npm run staff')));
      const printed = lines.find((line) => line.includes('npm run staff'))!;
      expect(printed).toBe(
        'Create the first owner (in another terminal): npm run staff -- add --email you@example.com --role owner',
      );

      const command = printed.slice(printed.indexOf('npm run staff')).split(' ');
      const created = execFileSync(command[0]!, command.slice(1), {
        cwd: repoRoot,
        env: { ...env, PORT: String(port) },
        encoding: 'utf8',
      });
      const password = /One-time password[^:]*: (\S+)/.exec(created)?.[1];
      expect(password).toBeDefined();
      const signedIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'you@example.com', password }),
      });
      expect(signedIn.status).toBe(200);
      npm.kill('SIGTERM');
    },
  );
});
