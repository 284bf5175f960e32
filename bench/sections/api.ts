import type { IssuedRegistration } from '../../src/domain/registration';
import { createCustomer, issueCodes } from '../lib/admin-client';
import { customerBody, surveyBody } from '../lib/fixtures';
import { startHelloServer } from '../lib/hello-server';
import { loadTest, type LoadTestResult } from '../lib/load-test';
import { pacedRequests } from '../lib/paced-requests';
import { runLookupLoops, type LoopResult } from '../lib/lookup-loops';
import { openInProcessAppLookup } from '../lib/in-process-app';
import { openDrizzlePgliteLookup, openPgliteLookup, openPostgresLookup, type RawLookup } from '../lib/raw-lookups';
import type { SectionContext } from '../lib/section-context';
import { RssSampler, type RssWindow } from '../lib/rss-sampler';
import { BENCH_API_KEY, rssAfterFullGc, startServer, type ServerProcess } from '../lib/server-process';
import { formatCount, formatMb, formatMs, formatRatio, printTable, verdict } from '../lib/table';
import { makeTempDir } from '../lib/temp-dir';

const CONNECTIONS = 10;
const SECONDS = 5;
const WARM_UP_SECONDS = 1;
/** POST /api/customers closes one registration per request; its run ends early if the codes run out. */
const CUSTOMER_CODES = 1500;
const WARM_UP_CUSTOMER_CODES = 100;
/** The top-up to the RSS request count stops here even if the server is too slow to reach it. */
const TOP_UP_MAX_SECONDS = 150;
/** "After" is the RSS over the top-up's last seconds, under the same load as "before". */
const AFTER_WINDOW_SECONDS = 10;
const TOKEN_LOOKUP = 'GET /api/registration-tokens/:token';
/** An even rate well under saturation: the lookup's latency without a queue in front of the server. */
const STEADY_RATE = 100;

interface Endpoint {
  name: string;
  run: (seconds: number, amount?: number) => Promise<LoadTestResult>;
  /** The same request at an even `rate` per second (token lookup only). */
  paced?: (seconds: number, rate: number) => Promise<LoadTestResult>;
}

/** An engine limit measured in this process: the same lookup with less and less in the way. */
interface Engine {
  name: string;
  open: () => Promise<RawLookup>;
}

interface Memory {
  /** After warm-up and a forced full GC, the server idle. */
  before: number;
  /** After `requests` requests and a forced full GC. */
  after: number;
  /** Sampled while the first measured token-lookup run was under way. */
  loadedBefore: RssWindow;
  /** Sampled over the last seconds of the top-up (token lookups again). */
  loadedAfter: RssWindow;
  peak: number;
  requests: number;
  topUpSeconds: number;
}

interface ServerRun {
  endpoints: Map<string, LoadTestResult>;
  /** The token lookup at STEADY_RATE req/s. */
  steady: LoadTestResult;
  engines: Map<string, LoopResult>;
  hello: LoadTestResult;
  memory?: Memory;
}

/** Customers the surveys are spread over: 40,000 surveys a day between them, more than any run here sends. */
const SURVEY_CUSTOMERS = 40;

const served = (result: LoadTestResult) => result.ok + result.non2xx + result.errors;

/** The four calls the app makes, each against `server`, with fixtures made through the API itself. */
async function prepareEndpoints(server: ServerProcess, log: (message: string) => void): Promise<Endpoint[]> {
  const [lookupCode] = (await issueCodes(server.url, 1)) as [IssuedRegistration];
  // Surveys are throttled per customer (server-process.ts raises the limits to their maximum, 1,000 a day each):
  // enough customers that a run never meets the limit, taken in turn.
  const surveyCustomers = await Promise.all(
    (await issueCodes(server.url, SURVEY_CUSTOMERS)).map((issued) =>
      createCustomer(server.url, issued.registration.id),
    ),
  );
  let nextSurvey = 0;
  const nextSurveyBody = () => JSON.stringify(surveyBody(surveyCustomers[nextSurvey++ % SURVEY_CUSTOMERS]!));
  const issuing = performance.now();
  const registrationIds = (await issueCodes(server.url, CUSTOMER_CODES)).map((issued) => issued.registration.id);
  log(`  issued ${CUSTOMER_CODES} codes in ${((performance.now() - issuing) / 1000).toFixed(1)} s`);

  const apiKey = { 'x-api-key': BENCH_API_KEY };
  const json = { ...apiKey, 'content-type': 'application/json' };
  let nextId = 0;
  // Never more requests than codes: a reused code would measure the 409 path instead.
  const freshCustomer = () => JSON.stringify(customerBody(registrationIds[Math.min(nextId++, CUSTOMER_CODES - 1)]!));
  const amountLeft = (wanted?: number) =>
    Math.max(CONNECTIONS, Math.min(wanted ?? CUSTOMER_CODES, CUSTOMER_CODES - nextId - CONNECTIONS));
  return [
    {
      name: TOKEN_LOOKUP,
      run: (seconds, amount) =>
        loadTest({
          url: `${server.url}/api/registration-tokens/${lookupCode.token}`,
          headers: apiKey,
          connections: CONNECTIONS,
          durationSeconds: seconds,
          ...(amount === undefined ? {} : { amount }),
        }),
      paced: (seconds, rate) =>
        pacedRequests({
          url: `${server.url}/api/registration-tokens/${lookupCode.token}`,
          headers: apiKey,
          ratePerSecond: rate,
          durationSeconds: seconds,
        }),
    },
    {
      name: 'GET /api/vehicles',
      run: (seconds) =>
        loadTest({
          url: `${server.url}/api/vehicles`,
          headers: apiKey,
          connections: CONNECTIONS,
          durationSeconds: seconds,
        }),
    },
    {
      name: 'POST /api/customers',
      run: (seconds, amount) =>
        loadTest({
          url: `${server.url}/api/customers`,
          method: 'POST',
          headers: json,
          nextBody: freshCustomer,
          connections: CONNECTIONS,
          durationSeconds: seconds,
          amount: amountLeft(amount),
        }),
    },
    {
      name: 'POST /api/surveys',
      run: (seconds) =>
        loadTest({
          url: `${server.url}/api/surveys`,
          method: 'POST',
          headers: json,
          nextBody: nextSurveyBody,
          connections: CONNECTIONS,
          durationSeconds: seconds,
        }),
    },
  ];
}

async function benchEngine(engine: Engine): Promise<LoopResult> {
  const raw = await engine.open();
  try {
    await runLookupLoops(raw.lookup, { durationSeconds: WARM_UP_SECONDS, concurrency: CONNECTIONS });
    return await runLookupLoops(raw.lookup, { durationSeconds: SECONDS, concurrency: CONNECTIONS });
  } finally {
    await raw.close();
  }
}

async function benchHello(): Promise<LoadTestResult> {
  const hello = await startHelloServer();
  try {
    await loadTest({ url: hello.url, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
    return await loadTest({ url: hello.url, connections: CONNECTIONS, durationSeconds: SECONDS });
  } finally {
    await hello.stop();
  }
}

/** Tops the server up to the budget's request count with token lookups; the sampler has run since warm-up. */
async function topUp(
  context: SectionContext,
  server: ServerProcess,
  sampler: RssSampler,
  tokenLookup: Endpoint,
  start: Pick<Memory, 'before' | 'loadedBefore' | 'requests'>,
): Promise<Memory> {
  const target = context.budget.api.rss.afterRequests;
  const started = performance.now();
  let requests = start.requests;
  if (requests < target) {
    context.log(
      `  memory: up to ${formatCount(target - requests)} more token lookups (at most ${TOP_UP_MAX_SECONDS} s)`,
    );
    requests += served(await tokenLookup.run(TOP_UP_MAX_SECONDS, target - requests));
  }
  const ended = performance.now();
  sampler.stop();
  return {
    ...start,
    after: await rssAfterFullGc(server.pid),
    loadedAfter: sampler.window(Math.max(started, ended - AFTER_WINDOW_SECONDS * 1000), ended),
    peak: sampler.peak,
    requests,
    topUpSeconds: (ended - started) / 1000,
  };
}

/**
 * Fixtures, warm-up, then — with the server idle — each engine loop, and right after them the four endpoints, so the
 * figure and its baseline meet the machine in the same state; then the hello ceiling, then the RSS top-up.
 */
async function benchServer(
  context: SectionContext,
  server: ServerProcess,
  options: { engines: Engine[]; measureMemory: boolean },
): Promise<ServerRun> {
  const { log } = context;
  const endpoints = await prepareEndpoints(server, log);
  log(`  warm-up: ${WARM_UP_SECONDS} s per endpoint`);
  for (const endpoint of endpoints) await endpoint.run(WARM_UP_SECONDS, WARM_UP_CUSTOMER_CODES);
  const before = options.measureMemory ? await rssAfterFullGc(server.pid) : Number.NaN;

  const engines = new Map<string, LoopResult>();
  for (const engine of options.engines) {
    log(`  ${engine.name} (bench process): ${SECONDS} s, ${CONNECTIONS} loops`);
    engines.set(engine.name, await benchEngine(engine));
  }
  const sampler = new RssSampler(server.pid);
  const results = new Map<string, LoadTestResult>();
  let requests = 0;
  let loadedBefore: RssWindow | undefined;
  for (const endpoint of endpoints) {
    log(`  ${endpoint.name}: ${SECONDS} s, ${CONNECTIONS} connections`);
    const started = performance.now();
    const result = await endpoint.run(SECONDS);
    loadedBefore ??= sampler.window(started, performance.now());
    results.set(endpoint.name, result);
    requests += served(result);
  }
  log(`  ${TOKEN_LOOKUP} at an even ${STEADY_RATE} req/s: ${SECONDS} s`);
  const steady = await endpoints[0]!.paced!(SECONDS, STEADY_RATE);
  requests += served(steady);
  log(`  node:http hello: ${SECONDS} s, ${CONNECTIONS} connections`);
  const hello = await benchHello();
  const memory = options.measureMemory
    ? await topUp(context, server, sampler, endpoints[0]!, { before, loadedBefore: loadedBefore!, requests })
    : undefined;
  sampler.stop();
  return { endpoints: results, steady, engines, hello, ...(memory ? { memory } : {}) };
}

const HEADER = ['Figure', 'req/s', 'p50', 'p99', 'non-2xx', 'Baseline', 'Ratio', 'Target', 'Verdict'];

function figureRow(
  name: string,
  outcome: LoadTestResult | LoopResult,
  baseline?: { name: string; rps: number },
  minRatio?: number,
): string[] {
  const ratio = baseline ? outcome.rps / baseline.rps : Number.NaN;
  return [
    name,
    formatCount(outcome.rps),
    formatMs(outcome.p50Ms, 2),
    formatMs(outcome.p99Ms, 2),
    'non2xx' in outcome ? formatCount(outcome.non2xx + outcome.errors) : '—',
    baseline ? `${baseline.name} ${formatCount(baseline.rps)}/s` : '—',
    baseline ? formatRatio(ratio) : '—',
    minRatio === undefined ? '—' : `≥ ${formatRatio(minRatio)}`,
    verdict(minRatio === undefined ? undefined : ratio >= minRatio),
  ];
}

function printServerTable(title: string, run: ServerRun, engineName: string, minRatio: number, maxP99Ms: number) {
  const engine = run.engines.get(engineName)!;
  const rows: string[][] = [];
  for (const [name, result] of run.endpoints) {
    if (name !== TOKEN_LOOKUP) {
      rows.push(figureRow(name, result, { name: 'hello', rps: run.hello.rps }));
      continue;
    }
    rows.push(figureRow(name, result, { name: engineName, rps: engine.rps }, minRatio));
    rows.push([
      '  its p99 latency',
      '',
      '',
      formatMs(result.p99Ms, 2),
      '',
      `${engineName} ${formatMs(engine.p99Ms, 2)}`,
      formatRatio(result.p99Ms / engine.p99Ms),
      `≤ ${maxP99Ms} ms`,
      verdict(result.p99Ms <= maxP99Ms),
    ]);
    rows.push([
      `  at an even ${STEADY_RATE} req/s`,
      formatCount(run.steady.rps),
      formatMs(run.steady.p50Ms, 2),
      formatMs(run.steady.p99Ms, 2),
      formatCount(run.steady.non2xx + run.steady.errors),
      '',
      '',
      '—',
      '—',
    ]);
  }
  for (const [name, result] of run.engines) rows.push(figureRow(`${name} (bench process)`, result));
  rows.push(figureRow('node:http hello (own process)', run.hello));
  printTable(title, HEADER, rows, [
    `${CONNECTIONS} connections (or ${CONNECTIONS} concurrent loops), ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; latencies of 2xx answers.`,
    `Ratio: req/s over the baseline's; "hello" is a bare node:http server, the most any Node HTTP answer can do here.`,
    `POST /api/customers: each request closes its own fresh registration (${CUSTOMER_CODES} issued beforehand).`,
    ...(run.engines.size > 1
      ? [
          "Bench-process rows, the same lookup with less in the way: raw SQL on PGlite; the route's drizzle query; the whole",
          'Hono app through app.request (middleware, rate limiter, JSON, log formatting) without HTTP.',
        ]
      : [`${engineName}: the route's statement as bare SQL through a pg pool of 10 (the server's pool size).`]),
  ]);
}

function printMemoryTable(engine: string, memory: Memory, budget: SectionContext['budget']['api']['rss']) {
  const growth = memory.after - memory.before;
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${formatMb(Math.abs(bytes))}`;
  const sampled = (window: RssWindow) =>
    `median ${formatMb(window.median)}, ${formatMb(window.min)} … ${formatMb(window.max)} (${window.count} samples)`;
  const met = growth <= budget.maxGrowthMb * 1024 * 1024 || (growth / memory.before) * 100 <= budget.maxGrowthPercent;
  printTable(
    `API — server memory on ${engine} (VmRSS of the node process running dist/server/main.js)`,
    ['Figure', 'RSS', 'Growth', 'Ratio', 'Target', 'Verdict'],
    [
      ['before: after warm-up, full GC, idle', formatMb(memory.before), '', formatRatio(1), '', ''],
      [
        `after ${formatCount(memory.requests)} requests, full GC, idle`,
        formatMb(memory.after),
        `${signed(growth)} (${growth >= 0 ? '+' : '−'}${Math.abs((growth / memory.before) * 100).toFixed(1)}%)`,
        formatRatio(memory.after / memory.before),
        `≤ +${budget.maxGrowthMb} MB or ≤ +${budget.maxGrowthPercent}%`,
        verdict(met),
      ],
      ['under load, first token-lookup run', sampled(memory.loadedBefore), '', '', '', ''],
      [`under load, last ${AFTER_WINDOW_SECONDS} s of the top-up`, sampled(memory.loadedAfter), '', '', '', ''],
      ['peak under load (sampled every 250 ms)', formatMb(memory.peak), '', '', '', ''],
    ],
    [
      'Full GC: the bench preloads a SIGUSR2 handler that calls gc() (--expose-gc) — see bench/lib/gc-on-signal.mjs.',
      `Requests counted from the warm-up's end: the four measured runs, then token lookups up to ${formatCount(budget.afterRequests)} for at most ${TOP_UP_MAX_SECONDS} s (took ${memory.topUpSeconds.toFixed(0)} s).`,
      ...(memory.requests < budget.afterRequests
        ? [`The server answered only ${formatCount(memory.requests)} requests within that bound on this machine.`]
        : []),
    ],
  );
}

/** Part 3: the API under load, next to the engine's own limits measured in the same run. */
export async function runApiSection(context: SectionContext): Promise<void> {
  const { budget, cleanup, log } = context;
  const limits = budget.api.tokenLookup;

  log('  starting the server on PGlite (node dist/server/main.js)');
  const server = await startServer({ dataDir: `${makeTempDir('api-data', cleanup)}/data`, gcOnSignal: true });
  cleanup.add(server.stop);
  const pgliteRun = await benchServer(context, server, {
    measureMemory: true,
    engines: [
      { name: 'raw PGlite lookup', open: () => openPgliteLookup(`${makeTempDir('raw-pglite', cleanup)}/data`) },
      {
        name: 'drizzle PGlite lookup',
        open: () => openDrizzlePgliteLookup(`${makeTempDir('drizzle-pglite', cleanup)}/data`),
      },
      { name: 'app.request lookup', open: () => openInProcessAppLookup(`${makeTempDir('app-pglite', cleanup)}/data`) },
    ],
  });
  await server.stop();
  printServerTable(
    'API — real server on PGlite',
    pgliteRun,
    'raw PGlite lookup',
    limits.minRatioToPglite,
    limits.maxP99Ms,
  );
  printMemoryTable('PGlite', pgliteRun.memory!, budget.api.rss);

  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('\n  DATABASE_URL is not set: the PostgreSQL comparison was skipped.');
    return;
  }
  log('  starting the server on PostgreSQL (DATABASE_URL)');
  const pgServer = await startServer({
    dataDir: `${makeTempDir('api-pg', cleanup)}/unused`,
    databaseUrl,
    gcOnSignal: true,
  });
  cleanup.add(pgServer.stop);
  const pgRun = await benchServer(context, pgServer, {
    measureMemory: true,
    engines: [{ name: 'raw pg lookup', open: () => openPostgresLookup(databaseUrl) }],
  });
  await pgServer.stop();
  printServerTable(
    'API — real server on PostgreSQL (DATABASE_URL)',
    pgRun,
    'raw pg lookup',
    limits.minRatioToPostgres,
    limits.maxP99Ms,
  );
  printMemoryTable('PostgreSQL', pgRun.memory!, budget.api.rss);
}
