import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir } from './helpers/migrated-data-dir';

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

/** The command line a process was started with. */
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();

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
  // The first start in a fresh checkout also builds the app and compiles the server (scripts/start.mjs).
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops on %s: the port closes, it exits 0 and none of its processes is left',
    { timeout: 120_000 },
    async (signal) => {
      dataDir = migratedDataDir('club-start-');
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
      // The compiled server, run by plain node: no TypeScript loader anywhere in the tree.
      const commands = tree.filter(running).map(commandOf);
      expect(commands.some((command) => /^node scripts\/start\.mjs/.test(command))).toBe(true);
      expect(commands.filter((command) => command.includes('tsx'))).toEqual([]);

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
      dataDir = migratedDataDir('club-first-owner-');
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
      // What it says after npm's own header, and only that (the build, had there been one, says its steps on stderr).
      const said = lines.slice(lines.findIndex((line) => line.startsWith('Club Profile is running')));
      expect(said.filter((line) => !line.startsWith('{'))).toEqual([
        expect.stringMatching(/^Club Profile is running at http:\/\/127\.0\.0\.1:\d+ \(database: embedded PGlite in /),
        `  Operator console: http://127.0.0.1:${port}/admin`,
        '  First owner:      npm run staff -- add --email you@example.com --role owner  (in another terminal)',
        '  Off:              follow-up alert emails (set SMTP_URL); text messages (set SMS_PROVIDER=twilio and TWILIO_*)',
      ]);
      const printed = lines.find((line) => line.includes('npm run staff'))!;
      const command = printed.slice(printed.indexOf('npm run staff'), printed.indexOf('  (')).split(' ');
      // In another terminal, whose shell has this DATA_DIR but not the server's PORT: the command finds the server.
      const created = execFileSync(command[0]!, command.slice(1), { cwd: repoRoot, env, encoding: 'utf8' });
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

describe('a production install', () => {
  it(
    'runs the built tree with `npm ci --omit=dev --omit=optional && npm start`, without the build tools',
    { timeout: 300_000 },
    async () => {
      // The builds above made dist/ (npm start builds what is missing); make sure of it when run alone.
      if (!existsSync(join(repoRoot, 'dist/.build-stamp'))) {
        execFileSync('npm', ['run', '--silent', 'build'], { cwd: repoRoot, stdio: 'ignore' });
      }
      dataDir = mkdtempSync(join(tmpdir(), 'club-production-'));
      const tree = join(dataDir, 'app');
      for (const path of ['package.json', 'package-lock.json', '.npmrc', 'scripts', 'dist']) {
        cpSync(join(repoRoot, path), join(tree, path), { recursive: true });
      }
      for (const path of ['server/platform/db/migrations', 'server/features/vehicles/data']) {
        cpSync(join(repoRoot, path), join(tree, path), { recursive: true });
      }
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        // What this install lacks is the subject, not a first start: the browser tests' servers start the same
        // compiled server on empty directories.
        DATA_DIR: migratedDataDir('data-', dataDir),
        DATABASE_URL: '',
        SEED_DEMO: 'false',
      };
      execFileSync(
        'npm',
        ['ci', '--omit=dev', '--omit=optional', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
        { cwd: tree, env, stdio: 'ignore' },
      );
      for (const tool of ['vite', 'tsx', 'esbuild', 'react', 'typescript']) {
        expect(existsSync(join(tree, 'node_modules', tool)), tool).toBe(false);
      }

      const npm = spawn('npm', ['start'], { cwd: tree, env, stdio: ['ignore', 'pipe', 'pipe'] });
      leftovers = [npm.pid!];
      let output = '';
      npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const port = await new Promise<number>((resolve, reject) => {
        createInterface({ input: npm.stdout }).on('line', (line) => {
          output += `${line}\n`;
          const match = /running at http:\/\/[^\s]+:(\d+)/.exec(line);
          if (match) resolve(Number(match[1]));
        });
        npm.on('exit', () => reject(new Error(`npm start ended before it was running:\n${output}`)));
      });
      leftovers = [npm.pid!, ...descendants(npm.pid!)];
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/ready`)).status).toBe(200);
      const vehicles = await fetch(`${base}/api/vehicles`, { headers: { 'x-api-key': 'club-profile-dev' } });
      expect(vehicles.status).toBe(200);
      expect(((await vehicles.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
      const page = await fetch(`${base}/`);
      expect(await page.text()).toContain('<div id="root">');
      npm.kill('SIGTERM');
    },
  );
});
