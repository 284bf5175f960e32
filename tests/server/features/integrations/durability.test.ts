import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/platform/db/client';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { validCustomer } from '../../../fixtures/customer';
import { migratedDataDir } from '../../helpers/migrated-data-dir';
import { createScratchDatabase, DRIVERS, type ScratchDatabase } from '../../helpers/test-database';
import { spawnScript, stopChild, type ScriptChild } from '../../resilience/support/child-process';
import { eventually } from './support/eventually';
import { freePort, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const serveScript = fileURLToPath(new URL('./support/serve-with-integrations.ts', import.meta.url));
const SECRET = `whsec_${Buffer.alloc(24, 3).toString('base64')}`;
const API_KEY = 'durability-api-key';
const ADMIN_API_KEY = 'durability-admin-key-0123456789';

interface Server {
  child: ScriptChild;
  url: string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawnScript(serveScript, {
    API_KEY,
    ADMIN_API_KEY,
    PUBLIC_URL: 'https://club.example',
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...env,
  });
  await child.waitUntil((lines) => lines.some((line) => line.startsWith('listening ')), 60_000);
  const port = child.lines.find((line) => line.startsWith('listening '))!.split(' ')[1];
  return { child, url: `http://127.0.0.1:${port}` };
}

async function post(server: Server, path: string, json: unknown, headers: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });
  return { status: response.status, body: await response.json() };
}

const issue = (server: Server, mobileNumber = '+12015550143') =>
  post(
    server,
    '/api/admin/registration-tokens',
    { mobileNumber, planName: 'Unlimited Wash Club', amount: 29.99, rechargeDate: '2026-12-15', siteId: '7' },
    { authorization: `Bearer ${ADMIN_API_KEY}` },
  );

/** Where each run keeps its data: a PGlite directory, or a scratch PostgreSQL database. */
async function storage(driver: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    // Migrated once for the run: the crash is what is tested here, not a first start.
    const dir = migratedDataDir('club-durability-');
    return {
      env: { DATA_DIR: dir },
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  const scratch: ScratchDatabase = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
}

describe.each(DRIVERS)('webhooks survive a crash on %s', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('delivers an event committed just before SIGKILL once the server is started again', async () => {
    const data = await storage(driver);
    cleanups.push(data.drop);
    // The receiver is down while the first server runs.
    const port = await freePort();
    const env = { ...data.env, WEBHOOK_URL: `http://127.0.0.1:${port}/hooks` };
    const first = await startServer(env);
    cleanups.push(() => stopChild(first.child));
    const issued = await issue(first);
    expect(issued.status).toBe(201);
    const completed = await post(first, '/api/customers', validCustomer(issued.body.registration.id), {
      'x-api-key': API_KEY,
    });
    expect(completed.status).toBe(201);
    first.child.child.kill('SIGKILL');
    await first.child.closed;

    const receiver: WebhookReceiver = await startWebhookReceiver(port);
    cleanups.push(() => receiver.close());
    const second = await startServer(env);
    cleanups.push(() => stopChild(second.child));
    const isCompletion = (body: string) => body.includes('"registration.completed"');
    // Its first try failed (nothing listened): the retry comes 10–20 s later, from whichever server is up then. If the
    // killed server had claimed that retry, it comes back once the claim expires (pg-boss: 120 s), then is sent.
    await receiver.waitFor((all) => all.some((r) => isCompletion(r.body)), 170_000);
    const delivery = receiver.received.find((r) => isCompletion(r.body))!;
    const payload = new Webhook(SECRET).verify(delivery.body, delivery.headers as Record<string, string>) as {
      data: { customer: { id: string } };
    };
    expect(payload.data.customer.id).toBe(completed.body.id);
    // Once, however many tries it took: stopped, the server has finished what it had started, and its database
    // holds nothing more to send about the event.
    await stopChild(second.child);
    const database = await openDatabase({ databaseUrl: data.env.DATABASE_URL, dataDir: data.env.DATA_DIR ?? '' });
    try {
      const pending: unknown = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job
            where name = ${QUEUES.webhookEvent} and state < 'completed'
              and data @> ${JSON.stringify({ eventId: delivery.headers['webhook-id'] })}::jsonb`,
      );
      expect((pending as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
    const ids = receiver.received.filter((r) => r.answered === 200).map((r) => r.headers['webhook-id']);
    expect(ids.length).toBe(new Set(ids).size);
  }, 200_000);
});

/** Waits (up to 30 s) until the database's webhook jobs have all run, and answers how many had not. */
async function pendingWebhookJobs(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const pending = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name in ($1, $2) and state < 'completed'`,
          [QUEUES.webhookEvent, QUEUES.webhookDelivery],
        )
      ).rows[0]!.n;
    return await eventually(pending, (n) => n === 0, 30_000);
  } finally {
    await client.end();
  }
}

const adminUrl = process.env.TEST_DATABASE_URL;
const EVENTS = 40;

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let receiver: WebhookReceiver;
  const servers: Server[] = [];
  afterAll(async () => {
    for (const server of servers) await stopChild(server.child);
    await receiver?.close();
    await scratch?.drop();
  });

  it(`deliver each of ${EVENTS} events once, whichever server took it`, async () => {
    scratch = await createScratchDatabase(adminUrl!);
    // A receiver slow enough that both servers are busy at once.
    receiver = await startWebhookReceiver(0, { delayMs: 50 });
    const env = { DATABASE_URL: scratch.url, WEBHOOK_URL: receiver.url };
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const answers = await Promise.all(
      Array.from({ length: EVENTS }, (_, i) => issue(servers[i % 2]!, `+1201555${String(1000 + i)}`)),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    await receiver.waitFor((all) => all.length >= EVENTS, 60_000);
    // Every event's job run to its end: nothing more can be sent, so what came is all that will.
    expect(await pendingWebhookJobs(scratch.url)).toBe(0);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const registrationIds = receiver.received.map((r) => JSON.parse(r.body).data.registration.id);
    expect(new Set(registrationIds)).toEqual(new Set(answers.map((answer) => answer.body.registration.id)));
  }, 120_000);
});
