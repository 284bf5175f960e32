import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { issueCodes } from '../lib/admin-client';
import { customerBody } from '../lib/fixtures';
import { loadTest, type LoadTestResult } from '../lib/load-test';
import type { SectionContext } from '../lib/section-context';
import { BENCH_API_KEY, startServer } from '../lib/server-process';
import { formatCount, formatMs, formatRatio, printTable, verdict } from '../lib/table';
import { makeTempDir } from '../lib/temp-dir';

const SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const CONNECTIONS = 10;
const SECONDS = 5;
/** More than the fastest engine closes in SECONDS, so every run lasts its full time. */
const CUSTOMER_CODES = 5000;
const DRAIN_TIMEOUT_MS = 120_000;

/** A receiver that answers 200 at once and counts what it got, as a point-of-sale's fast endpoint would. */
async function startReceiver(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    count: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const webhookEnv = (url: string) => ({
  WEBHOOK_URL: url,
  WEBHOOK_SECRET: SECRET,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
});

/** Waits until the receiver has had `count` requests: the backlog is delivered before anything is timed. */
async function drained(receiver: { count: () => number }, count: number): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (receiver.count() < count) {
    if (Date.now() > deadline) throw new Error(`only ${receiver.count()} of ${count} events arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * POST /api/customers for SECONDS, each request closing its own fresh registration. With a receiver, the codes'
 * own `registration.issued` events are delivered first, so only the customers' events are sent during the run.
 */
async function customerRun(url: string, receiver?: { count: () => number }): Promise<LoadTestResult> {
  const ids = (await issueCodes(url, CUSTOMER_CODES)).map((issued) => issued.registration.id);
  if (receiver) await drained(receiver, CUSTOMER_CODES);
  let next = 0;
  // autocannon reports whole seconds; the rate is taken over the run's own measured time.
  const started = performance.now();
  const result = await loadTest({
    url: `${url}/api/customers`,
    method: 'POST',
    headers: { 'x-api-key': BENCH_API_KEY, 'content-type': 'application/json' },
    nextBody: () => JSON.stringify(customerBody(ids[Math.min(next++, ids.length - 1)]!)),
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    amount: CUSTOMER_CODES - CONNECTIONS,
  });
  return { ...result, rps: result.ok / ((performance.now() - started) / 1000) };
}

interface DrainResult {
  events: number;
  issueSeconds: number;
  /** From the first code issued to the last event received. */
  deliverSeconds: number;
}

/** Issues `events` codes (one registration.issued each) and times until the receiver has every one. */
async function drainRun(url: string, receiver: { count: () => number }, events: number): Promise<DrainResult> {
  const before = receiver.count();
  const started = performance.now();
  await issueCodes(url, events);
  const issueSeconds = (performance.now() - started) / 1000;
  await drained(receiver, before + events);
  return { events, issueSeconds, deliverSeconds: (performance.now() - started) / 1000 };
}

async function runOn(
  engine: { name: string; databaseUrl?: () => Promise<string> },
  { budget, cleanup, log }: SectionContext,
): Promise<void> {
  const receiver = await startReceiver();
  cleanup.add(receiver.close);
  log(`  ${engine.name}: POST /api/customers without a webhook`);
  const bare = await startServer({
    dataDir: makeTempDir('integrations-bare', cleanup),
    databaseUrl: await engine.databaseUrl?.(),
  });
  cleanup.add(bare.stop);
  const without = await customerRun(bare.url);
  await bare.stop();

  log(`  ${engine.name}: the same with WEBHOOK_URL, then ${budget.integrations.events} events delivered`);
  const hooked = await startServer({
    dataDir: makeTempDir('integrations-hooked', cleanup),
    databaseUrl: await engine.databaseUrl?.(),
    env: webhookEnv(receiver.url),
  });
  cleanup.add(hooked.stop);
  const withHook = await customerRun(hooked.url, receiver);
  // Deliveries yield to requests during the run (decision 013): how far behind they fell, and how soon they caught up.
  const behind = CUSTOMER_CODES + withHook.ok - receiver.count();
  const caughtUpFrom = performance.now();
  await drained(receiver, CUSTOMER_CODES + withHook.ok);
  const catchUpSeconds = (performance.now() - caughtUpFrom) / 1000;
  const drain = await drainRun(hooked.url, receiver, budget.integrations.events);
  await hooked.stop();

  const slowdown = (1 - withHook.rps / without.rps) * 100;
  printTable(
    `Integrations — ${engine.name}`,
    ['Figure', 'req/s or events/s', 'p50', 'p99', 'Ratio', 'Target', 'Verdict'],
    [
      [
        'POST /api/customers, no endpoint (baseline)',
        formatCount(without.rps),
        formatMs(without.p50Ms),
        formatMs(without.p99Ms),
        formatRatio(1),
        '',
        '',
      ],
      [
        'POST /api/customers, WEBHOOK_URL set',
        formatCount(withHook.rps),
        formatMs(withHook.p50Ms),
        formatMs(withHook.p99Ms),
        formatRatio(withHook.rps / without.rps),
        `≤ ${budget.integrations.maxCustomerSlowdownPercent}% fewer`,
        `${verdict(slowdown <= budget.integrations.maxCustomerSlowdownPercent)} (${slowdown.toFixed(1)}% fewer)`,
      ],
      [
        `  its events still to deliver when the run ended: ${formatCount(behind)} of ${formatCount(withHook.ok)}`,
        `all out ${catchUpSeconds.toFixed(1)} s later`,
        '',
        '',
        '',
        '',
        '',
      ],
      [
        `${formatCount(drain.events)} events delivered to a local receiver`,
        formatCount(drain.events / drain.deliverSeconds),
        '',
        '',
        '',
        '',
        '',
      ],
      [
        '  the same codes issued (POST /api/admin/registration-tokens)',
        formatCount(drain.events / drain.issueSeconds),
        '',
        '',
        '',
        '',
        '',
      ],
    ],
    [
      `${CONNECTIONS} connections, ${SECONDS} s; each customer request closes its own fresh registration and, with the`,
      'webhook set, writes registration.completed and its delivery job in the same transaction. While requests are',
      'served, deliveries go out a batch a second and catch up when the burst ends (decision 013).',
      `Events: ${formatCount(drain.events)} registration.issued, timed from the first code issued to the last signed POST`,
      'received (pg-boss workers, batches of 25, polling every second).',
    ],
  );
}

/** A database of its own on the PostgreSQL server, dropped when the section ends. */
async function scratchDatabase(databaseUrl: string, cleanup: SectionContext['cleanup']): Promise<string> {
  const name = `club_bench_hooks_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  cleanup.add(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Webhooks' cost and throughput, on PGlite and (with DATABASE_URL) PostgreSQL. */
export async function runIntegrationsSection(context: SectionContext): Promise<void> {
  await runOn({ name: 'PGlite' }, context);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await runOn({ name: 'PostgreSQL', databaseUrl: () => scratchDatabase(databaseUrl, context.cleanup) }, context);
  } else {
    console.log('  DATABASE_URL is not set: the PostgreSQL table was skipped.');
  }
}
