import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCustomer } from '../fixtures/customer';
import { adminQuery, databaseUrl } from '../server/helpers/postgres-admin';
import { freePort } from '../support/free-port';
import { BASE_IMAGE, containerState, docker, dockerOk, imageSize, prepareDocker } from './support/docker';

/**
 * `npm run test:container` (not part of `npm test`: the build alone takes minutes): builds the image from the
 * Dockerfile as it is and runs it against this machine's PostgreSQL and Redis, then on the embedded database with a
 * named volume. Every container runs with a read-only root filesystem and the host's network (no bridge here).
 */

const IMAGE = 'club-profile:test';
/** The image's own layers, above the base image (decision 042). */
const OWN_LAYERS_LIMIT = 150_000_000;
/** `docker stop`'s wait before SIGKILL: the server's drain (SHUTDOWN_GRACE_SECONDS, 10) and its jobs' stop (15). */
const STOP_GRACE_SECONDS = 30;
const API_KEY = 'club-profile-dev';
const ADMIN_API_KEY = 'container-test-admin-key-0123456789';
const AUTH_SECRET = randomBytes(32).toString('base64url');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const runId = randomBytes(4).toString('hex');
const database = `club_container_${runId}`;
const volume = `club-container-${runId}`;
const containers: string[] = [];
/** What the closing summary prints: the image's size and each server's memory at rest. */
const figures: string[] = [];

const envArgs = (settings: Record<string, string>) =>
  Object.entries(settings).flatMap(([name, value]) => ['-e', `${name}=${value}`]);

/** The settings every run of the image gets on PostgreSQL, as compose.yaml gives them to the app. */
const onPostgres = () => ({
  DATABASE_URL: databaseUrl(ADMIN_URL, database),
  REDIS_URL,
  AUTH_SECRET,
  ADMIN_API_KEY,
  MIGRATE_ON_START: 'false',
});

interface Server {
  name: string;
  base: string;
}

/** Waits for /api/ready to answer 200, failing with the container's output if it stops first. */
async function untilReady(server: Server): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const state = await containerState(server.name);
    if (!state.Running || Date.now() > deadline) {
      const logs = await docker(['logs', server.name]);
      throw new Error(`${server.name} is not ready (exit ${state.ExitCode}):\n${logs.stdout}${logs.stderr}`);
    }
    const ready = await fetch(`${server.base}/api/ready`).catch(() => undefined);
    if (ready?.status === 200) return;
    await sleep(250);
  }
}

/** Starts the image detached on a free port and waits until it is ready; Docker runs its health check every second. */
async function startServer(label: string, settings: Record<string, string>, options: string[] = []): Promise<Server> {
  const port = await freePort();
  const name = `club-container-${runId}-${label}`;
  const base = `http://127.0.0.1:${port}`;
  containers.push(name);
  await dockerOk([
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--read-only',
    '--health-interval',
    '1s',
    ...options,
    ...envArgs({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, ...settings }),
    IMAGE,
  ]);
  const server = { name, base };
  await untilReady(server);
  return server;
}

async function memoryAtRest(server: Server, what: string): Promise<void> {
  const usage = await dockerOk(['stats', '--no-stream', '--format', '{{.MemUsage}}', server.name]);
  figures.push(`memory ${what}: ${usage.split(' / ')[0]}`);
}

async function issueCode(server: Server): Promise<{ token: string; url: string; registration: { id: string } }> {
  const issued = await fetch(`${server.base}/api/admin/registration-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      mobileNumber: '+12015550143',
      planName: 'Unlimited Wash Club',
      amount: 29.99,
      rechargeDate: '2026-12-15',
    }),
  });
  expect(issued.status).toBe(201);
  return (await issued.json()) as { token: string; url: string; registration: { id: string } };
}

/**
 * The page as a phone's browser asks for it, with the navigation's `Sec-Fetch-*` headers, which `fetch` replaces
 * with its own.
 */
function openAsBrowser(url: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', body }),
      );
    });
  });
}

async function lookUp(server: Server, token: string) {
  const response = await fetch(`${server.base}/api/registration-tokens/${token}`, {
    headers: { 'x-api-key': API_KEY },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  await prepareDocker();
  const built = await docker(['build', '--network', 'host', '--tag', IMAGE, '.'], { timeoutMs: 30 * 60_000 });
  if (built.code !== 0) throw new Error(`docker build failed:\n${built.stdout.slice(-4000)}${built.stderr}`);
  await adminQuery(ADMIN_URL, `create database ${database}`);
}, 40 * 60_000);

afterAll(async () => {
  for (const name of containers) await docker(['rm', '--force', '--volumes', name]);
  await docker(['volume', 'rm', '--force', volume]);
  await adminQuery(ADMIN_URL, `drop database if exists ${database} with (force)`);
  console.log(['Container test figures:', ...figures].join('\n  '));
});

describe('the image', () => {
  it(`adds at most ${OWN_LAYERS_LIMIT / 1e6} MB to ${BASE_IMAGE}`, async () => {
    const own = (await imageSize(IMAGE)) - (await imageSize(BASE_IMAGE));
    figures.push(`image: ${(own / 1e6).toFixed(1)} MB above ${BASE_IMAGE}`);
    expect(own).toBeGreaterThan(0);
    expect(own).toBeLessThanOrEqual(OWN_LAYERS_LIMIT);
  });
});

describe.sequential('the image on PostgreSQL and Redis, migrated once by its migrate command', () => {
  let server: Server;

  it('refuses to start with MIGRATE_ON_START=false on a database not migrated yet, saying what to run', async () => {
    const port = String(await freePort());
    const refused = await docker(
      ['run', '--rm', '--network', 'host', '--read-only', ...envArgs({ ...onPostgres(), PORT: port }), IMAGE],
      { timeoutMs: 120_000 },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('run the migrations first');
  });

  it('migrates the database with its one-shot command, and exits', async () => {
    const migrated = await docker(
      [
        'run',
        '--rm',
        '--network',
        'host',
        '--read-only',
        ...envArgs(onPostgres()),
        IMAGE,
        'node',
        'dist/server/cli/migrate.js',
      ],
      { timeoutMs: 180_000 },
    );
    expect(migrated).toMatchObject({ code: 0, stdout: "The database's schema is up to date (PostgreSQL).\n" });
  });

  it('starts without migrating, answers /api/ready, and Docker finds it healthy', async () => {
    server = await startServer('postgres', onPostgres());
    const ready = await fetch(`${server.base}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    // The image's own health check, run by Docker every second here.
    for (let state = await containerState(server.name); state.Health?.Status !== 'healthy';) {
      expect(state.Health?.Status).toBe('starting');
      await sleep(250);
      state = await containerState(server.name);
    }
  });

  it('runs every process as an unprivileged user, on a read-only root filesystem', async () => {
    // docker top runs ps on the host, which needs the pid column.
    const processes = (await dockerOk(['top', server.name, '-o', 'pid,uid,args']))
      .split('\n')
      .slice(1)
      .map((line) => {
        const [, uid, ...args] = line.trim().split(/\s+/);
        return { uid: Number(uid), command: args.join(' ') };
      });
    expect(processes.map((listed) => listed.command)).toContain('node dist/server/main.js');
    expect(processes.filter((listed) => listed.uid === 0)).toEqual([]);
    // /tmp is anyone's to write on an ordinary root filesystem.
    const written = await docker(['exec', server.name, 'touch', '/tmp/written']);
    expect(written.code).not.toBe(0);
    expect(written.stderr).toContain('Read-only file system');
  });

  it('serves the customer page and a whole registration: issued, opened, completed', async () => {
    const code = await issueCode(server);
    expect(code.url).toBe(`${server.base}/?id=${code.token}`);

    // A phone opening the link: the page with its form already rendered, and its scripts.
    const page = await openAsBrowser(code.url);
    expect(page.status).toBe(200);
    expect(page.contentType).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<form');
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const scriptAnswer = await fetch(`${server.base}${script}`);
    expect(scriptAnswer.status).toBe(200);
    expect(scriptAnswer.headers.get('content-type')).toContain('javascript');

    const opened = await lookUp(server, code.token);
    expect(opened).toMatchObject({ status: 200, body: { id: code.registration.id, isCompleted: false } });
    const completed = await fetch(`${server.base}/api/customers`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify(validCustomer(code.registration.id)),
    });
    expect(completed.status).toBe(201);
    const after = await lookUp(server, code.token);
    expect(after).toMatchObject({ status: 200, body: { isCompleted: true } });
    expect(after.body.mobileNumber).not.toContain('201555');
    await memoryAtRest(server, 'on PostgreSQL, after a registration');
  });

  it(`stops on SIGTERM within ${STOP_GRACE_SECONDS} s: drained, exit 0, never killed`, async () => {
    await dockerOk(['stop', '--time', String(STOP_GRACE_SECONDS), server.name], { timeoutMs: 120_000 });
    const state = await containerState(server.name);
    expect(state).toMatchObject({ Running: false, ExitCode: 0, OOMKilled: false });
    const logs = await dockerOk(['logs', server.name]);
    expect(logs).toMatch(/"event":"shutdown","signal":"SIGTERM"/);
    expect(await fetch(`${server.base}/api/ready`).catch(() => 'closed')).toBe('closed');
  });
});

describe.sequential('the image on the embedded database', () => {
  it('keeps DATA_DIR on its volume: a new container on the volume finds the code the first one issued', async () => {
    const first = await startServer('pglite-1', { ADMIN_API_KEY }, ['--volume', `${volume}:/app/data`]);
    const code = await issueCode(first);
    expect((await lookUp(first, code.token)).status).toBe(200);
    await memoryAtRest(first, 'on the embedded database, after issuing a code');
    await dockerOk(['stop', '--time', String(STOP_GRACE_SECONDS), first.name], { timeoutMs: 120_000 });
    expect(await containerState(first.name)).toMatchObject({ ExitCode: 0 });
    await dockerOk(['rm', first.name]);

    const second = await startServer('pglite-2', { ADMIN_API_KEY }, ['--volume', `${volume}:/app/data`]);
    expect(await dockerOk(['logs', second.name])).toContain('(database: embedded PGlite in /app/data)');
    expect(await lookUp(second, code.token)).toMatchObject({
      status: 200,
      body: { id: code.registration.id, isCompleted: false },
    });
  });
});
