import { cpSync } from 'node:fs';
import { basename } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { LOCK_NAME } from '../../server/platform/db/data-dir-lock';
import type { IssuedRegistration } from '../../src/domain/registration';
import { createCustomer, issueCodes } from '../lib/admin-client';
import {
  recordAnswer,
  SERVER_POOL_SIZE,
  startBareBytesServer,
  startBareLookupServer,
  type BareDatabase,
  type RecordedAnswer,
} from '../lib/bare-server';
import { customerBody, surveyBody } from '../lib/fixtures';
import { startHelloServer } from '../lib/hello-server';
import { loadTest, type LoadTestResult } from '../lib/load-test';
import { pacedRequests } from '../lib/paced-requests';
import { runLookupLoops, type LoopResult } from '../lib/lookup-loops';
import { openInProcessAppLookup } from '../lib/in-process-app';
import { openDrizzlePgliteLookup, openPgliteLookup, openPostgresLookup, type RawLookup } from '../lib/raw-lookups';
import { openRawCustomerTransactions, runTransactionLoops, type RawTransactions } from '../lib/raw-transactions';
import { barePgliteRss } from '../lib/bare-pglite-rss';
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
const VEHICLES = 'GET /api/vehicles';
const CUSTOMERS = 'POST /api/customers';
const RAW_TRANSACTION = 'raw transaction';
/** An even rate well under saturation: the lookup's latency without a queue in front of the server. */
const STEADY_RATE = 100;
/** Lookups the bare PGlite process runs before its RSS is read. */
const BARE_PGLITE_LOOKUPS = 20_000;

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

/** A bare node:http process doing one route's work, loaded right after the route itself. */
interface Bare {
  /** As the tables name it. */
  name: string;
  run: (seconds: number) => Promise<LoadTestResult>;
  /** The route's answer and the bare process's, each received once as the load test receives them. */
  answers: { app: RecordedAnswer; bare: RecordedAnswer };
}

interface ServerRun {
  endpoints: Map<string, LoadTestResult>;
  /** The token lookup at STEADY_RATE req/s. */
  steady: LoadTestResult;
  /** The bare baselines' runs, by the endpoint they stand beside. */
  bare: Map<string, { bare: Omit<Bare, 'run'>; result: LoadTestResult }>;
  engines: Map<string, LoopResult>;
  /** POST /api/customers's SQL, replayed in one transaction per registration on the engine's own client. */
  rawCustomers: LoopResult;
  hello: LoadTestResult;
  memory?: Memory;
}

/** Customers the surveys are spread over: 40,000 surveys a day between them, more than any run here sends. */
const SURVEY_CUSTOMERS = 40;

const served = (result: LoadTestResult) => result.ok + result.non2xx + result.errors;

/** The headers every load-test request carries (autocannon adds Host and Connection, nothing else). */
const API_KEY_HEADERS = { 'x-api-key': BENCH_API_KEY };

/** What the endpoints need in the database, made through the API itself. */
interface Fixtures {
  /** The code the token lookup opens. */
  lookupToken: string;
  surveyCustomers: string[];
  /** Fresh registrations for POST /api/customers, one per request. */
  registrationIds: string[];
}

async function makeFixtures(server: ServerProcess, log: (message: string) => void): Promise<Fixtures> {
  const [lookupCode] = (await issueCodes(server.url, 1)) as [IssuedRegistration];
  // Surveys are throttled per customer (server-process.ts raises the limits to their maximum, 1,000 a day each):
  // enough customers that a run never meets the limit, taken in turn.
  const surveyCustomers = await Promise.all(
    (await issueCodes(server.url, SURVEY_CUSTOMERS)).map((issued) =>
      createCustomer(server.url, issued.registration.id),
    ),
  );
  const issuing = performance.now();
  const registrationIds = (await issueCodes(server.url, CUSTOMER_CODES)).map((issued) => issued.registration.id);
  log(`  issued ${CUSTOMER_CODES} codes in ${((performance.now() - issuing) / 1000).toFixed(1)} s`);
  return { lookupToken: lookupCode.token, surveyCustomers, registrationIds };
}

const lookupPath = (fixtures: Fixtures) => `/api/registration-tokens/${fixtures.lookupToken}`;

/** The four calls the app makes, each against the server at `url`. */
function endpointsFor(url: string, fixtures: Fixtures): Endpoint[] {
  const { surveyCustomers, registrationIds } = fixtures;
  let nextSurvey = 0;
  const nextSurveyBody = () => JSON.stringify(surveyBody(surveyCustomers[nextSurvey++ % SURVEY_CUSTOMERS]!));
  const json = { ...API_KEY_HEADERS, 'content-type': 'application/json' };
  let nextId = 0;
  // Never more requests than codes: a reused code would measure the 409 path instead.
  const freshCustomer = () => JSON.stringify(customerBody(registrationIds[Math.min(nextId++, CUSTOMER_CODES - 1)]!));
  const amountLeft = (wanted?: number) =>
    Math.max(CONNECTIONS, Math.min(wanted ?? CUSTOMER_CODES, CUSTOMER_CODES - nextId - CONNECTIONS));
  const lookupUrl = `${url}${lookupPath(fixtures)}`;
  return [
    {
      name: TOKEN_LOOKUP,
      run: (seconds, amount) =>
        loadTest({
          url: lookupUrl,
          headers: API_KEY_HEADERS,
          connections: CONNECTIONS,
          durationSeconds: seconds,
          ...(amount === undefined ? {} : { amount }),
        }),
      paced: (seconds, rate) =>
        pacedRequests({ url: lookupUrl, headers: API_KEY_HEADERS, ratePerSecond: rate, durationSeconds: seconds }),
    },
    {
      name: VEHICLES,
      run: (seconds) =>
        loadTest({
          url: `${url}/api/vehicles`,
          headers: API_KEY_HEADERS,
          connections: CONNECTIONS,
          durationSeconds: seconds,
        }),
    },
    {
      name: CUSTOMERS,
      run: (seconds, amount) =>
        loadTest({
          url: `${url}/api/customers`,
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
          url: `${url}/api/surveys`,
          method: 'POST',
          headers: json,
          nextBody: nextSurveyBody,
          connections: CONNECTIONS,
          durationSeconds: seconds,
        }),
    },
  ];
}

const loadBare = (url: string) => (seconds: number) =>
  loadTest({ url, headers: API_KEY_HEADERS, connections: CONNECTIONS, durationSeconds: seconds });

/** Receives `path` once from the app and once from the bare process; either answering other than 200 is an error. */
async function compareAnswers(appUrl: string, bareUrl: string, path: string): Promise<Bare['answers']> {
  const app = await recordAnswer(`${appUrl}${path}`, API_KEY_HEADERS);
  const bare = await recordAnswer(`${bareUrl}${path}`, API_KEY_HEADERS);
  for (const [who, answer] of Object.entries({ 'the app': app, 'its bare baseline': bare })) {
    if (answer.status !== 200) {
      throw new Error(`GET ${path}: ${who} answered ${answer.status}: ${answer.body.toString()}`);
    }
  }
  return { app, bare };
}

/**
 * The bare processes for the token lookup and the catalogue, started and checked against the app's answers. The
 * lookup's runs on `database` (a copy of the server's PGlite, or the same PostgreSQL); the catalogue's sends the
 * bytes the app sent for the load test's request, with their content type and encoding.
 */
async function startBareBaselines(
  context: SectionContext,
  server: ServerProcess,
  fixtures: Fixtures,
  database: BareDatabase,
): Promise<{ baselines: Map<string, Bare>; stop: () => Promise<void> }> {
  const engine = 'dataDir' in database ? 'PGlite' : 'pg';
  context.log(`  starting the bare node:http baselines (lookup on ${engine}, catalogue bytes)`);
  const lookup = await startBareLookupServer(database);
  context.cleanup.add(lookup.stop);
  const catalogue = await recordAnswer(`${server.url}/api/vehicles`, API_KEY_HEADERS);
  const vehicles = await startBareBytesServer(catalogue);
  context.cleanup.add(vehicles.stop);
  const baselines = new Map<string, Bare>([
    [
      TOKEN_LOOKUP,
      {
        name: `bare node:http + ${engine}`,
        run: loadBare(`${lookup.url}${lookupPath(fixtures)}`),
        answers: await compareAnswers(server.url, lookup.url, lookupPath(fixtures)),
      },
    ],
    [
      VEHICLES,
      {
        name: 'bare node:http, same bytes',
        run: loadBare(`${vehicles.url}/api/vehicles`),
        answers: await compareAnswers(server.url, vehicles.url, '/api/vehicles'),
      },
    ],
  ]);
  return { baselines, stop: () => Promise.all([lookup.stop(), vehicles.stop()]).then(() => undefined) };
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

async function benchRawCustomers(open: () => Promise<RawTransactions>): Promise<LoopResult> {
  const raw = await open();
  try {
    return await runTransactionLoops(raw, { durationSeconds: SECONDS, concurrency: CONNECTIONS });
  } finally {
    await raw.close();
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
 * The bare baselines started, warm-up, then — with the server idle — each engine loop, and right after them the four
 * endpoints, the token lookup and the catalogue each followed at once by its bare baseline, so that a figure and its
 * baseline meet the machine in the same state; then the hello ceiling, then the RSS top-up.
 */
async function benchServer(
  context: SectionContext,
  server: ServerProcess,
  fixtures: Fixtures,
  options: {
    engines: Engine[];
    rawCustomers: () => Promise<RawTransactions>;
    bareDatabase: BareDatabase;
    measureMemory: boolean;
  },
): Promise<ServerRun> {
  const { log } = context;
  const endpoints = endpointsFor(server.url, fixtures);
  const { baselines, stop: stopBaselines } = await startBareBaselines(context, server, fixtures, options.bareDatabase);
  log(`  warm-up: ${WARM_UP_SECONDS} s per endpoint and per bare baseline`);
  for (const endpoint of endpoints) {
    await endpoint.run(WARM_UP_SECONDS, WARM_UP_CUSTOMER_CODES);
    await baselines.get(endpoint.name)?.run(WARM_UP_SECONDS);
  }
  const before = options.measureMemory ? await rssAfterFullGc(server.pid) : Number.NaN;

  const engines = new Map<string, LoopResult>();
  for (const engine of options.engines) {
    log(`  ${engine.name} (bench process): ${SECONDS} s, ${CONNECTIONS} loops`);
    engines.set(engine.name, await benchEngine(engine));
  }
  log(`  ${RAW_TRANSACTION} of ${CUSTOMERS}'s SQL (bench process): ${CUSTOMER_CODES} at most, ${CONNECTIONS} loops`);
  const rawCustomers = await benchRawCustomers(options.rawCustomers);
  const sampler = new RssSampler(server.pid);
  const results = new Map<string, LoadTestResult>();
  const bare: ServerRun['bare'] = new Map();
  let requests = 0;
  let loadedBefore: RssWindow | undefined;
  for (const endpoint of endpoints) {
    log(`  ${endpoint.name}: ${SECONDS} s, ${CONNECTIONS} connections`);
    const started = performance.now();
    const result = await endpoint.run(SECONDS);
    loadedBefore ??= sampler.window(started, performance.now());
    results.set(endpoint.name, result);
    requests += served(result);
    const baseline = baselines.get(endpoint.name);
    if (baseline) {
      log(`  ${baseline.name} (${endpoint.name}): ${SECONDS} s, ${CONNECTIONS} connections`);
      const { run, ...named } = baseline;
      bare.set(endpoint.name, { bare: named, result: await run(SECONDS) });
    }
  }
  await stopBaselines();
  log(`  ${TOKEN_LOOKUP} at an even ${STEADY_RATE} req/s: ${SECONDS} s`);
  const steady = await endpoints[0]!.paced!(SECONDS, STEADY_RATE);
  requests += served(steady);
  log(`  node:http hello: ${SECONDS} s, ${CONNECTIONS} connections`);
  const hello = await benchHello();
  const memory = options.measureMemory
    ? await topUp(context, server, sampler, endpoints[0]!, { before, loadedBefore: loadedBefore!, requests })
    : undefined;
  sampler.stop();
  return { endpoints: results, steady, bare, engines, rawCustomers, hello, ...(memory ? { memory } : {}) };
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

/**
 * What the app and its bare baseline sent, once each: body, how it is encoded, and the head around it; `same` says
 * how the bodies must agree (the lookup's JSON is made again by the bare process, the catalogue's bytes are copied).
 */
function answersNote(name: string, { app, bare }: Bare['answers'], same: 'JSON' | 'bytes'): string {
  const agree =
    same === 'JSON'
      ? isDeepStrictEqual(JSON.parse(app.body.toString()), JSON.parse(bare.body.toString()))
      : app.body.equals(bare.body);
  const encoding = app.headers['content-encoding'] ?? 'identity';
  return (
    `${name}: app ${formatCount(app.body.length)} B body (${app.headers['content-type']}, ${encoding}) + ` +
    `${formatCount(app.headBytes)} B status line and headers; bare ${formatCount(bare.body.length)} B + ` +
    `${formatCount(bare.headBytes)} B (same ${same}: ${agree ? 'yes' : 'NO'}).`
  );
}

function printServerTable(
  title: string,
  run: ServerRun,
  budget: SectionContext['budget']['api'],
  minLookupRatio: number,
) {
  const maxP99Ms = budget.tokenLookup.maxP99Ms;
  const hello = { name: 'hello', rps: run.hello.rps };
  const bareOf = (name: string) => {
    const { bare, result } = run.bare.get(name)!;
    return { name: bare.name, rps: result.rps, result, answers: bare.answers };
  };
  const rows: string[][] = [];
  for (const [name, result] of run.endpoints) {
    if (name === VEHICLES) {
      rows.push(figureRow(name, result, bareOf(VEHICLES), budget.vehicles.minRatioToBare));
      continue;
    }
    if (name === CUSTOMERS) {
      rows.push(
        figureRow(
          name,
          result,
          { name: RAW_TRANSACTION, rps: run.rawCustomers.rps },
          budget.customers.minRatioToRawTransaction,
        ),
      );
      continue;
    }
    if (name !== TOKEN_LOOKUP) {
      rows.push(figureRow(name, result, hello));
      continue;
    }
    const bare = bareOf(TOKEN_LOOKUP);
    rows.push(figureRow(name, result, bare, minLookupRatio));
    rows.push([
      '  its p99 latency',
      '',
      '',
      formatMs(result.p99Ms, 2),
      '',
      `${bare.name} ${formatMs(bare.result.p99Ms, 2)}`,
      formatRatio(result.p99Ms / bare.result.p99Ms),
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
  for (const [name, { bare, result }] of run.bare) {
    rows.push(figureRow(`${bare.name} (own process, ${name === TOKEN_LOOKUP ? 'lookup' : 'catalogue'})`, result));
  }
  rows.push(figureRow('node:http hello (own process)', run.hello));
  for (const [name, result] of run.engines) rows.push(figureRow(`${name} (bench process)`, result));
  rows.push(figureRow(`${RAW_TRANSACTION} of ${CUSTOMERS} (bench process)`, run.rawCustomers));
  const pglite = run.engines.size > 1;
  printTable(title, HEADER, rows, [
    `${CONNECTIONS} connections (or ${CONNECTIONS} concurrent loops), ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; latencies of 2xx answers.`,
    `Ratio: req/s over the baseline's. Each bare baseline is loaded right after its route, with the same requests.`,
    `${TOKEN_LOOKUP}: a node:http process that hashes the code (SHA-256) and runs the route's statement raw,`,
    pglite
      ? `on PGlite (a copy of the server's data directory, made once the fixtures were in), and answers its JSON.`
      : `on the same PostgreSQL through a pg pool of ${SERVER_POOL_SIZE} (the server's size; a named statement, as the route's), and answers its JSON.`,
    `${VEHICLES}: a node:http process sending the bytes the app sent for the same request, with its content type`,
    'and encoding. "hello" is a bare node:http 17-byte answer: the most any Node HTTP answer can do here.',
    answersNote(TOKEN_LOOKUP, bareOf(TOKEN_LOOKUP).answers, 'JSON'),
    answersNote(VEHICLES, bareOf(VEHICLES).answers, 'bytes'),
    `POST /api/customers: each request closes its own fresh registration (${CUSTOMER_CODES} issued beforehand); its`,
    `baseline replays the SQL the route's drizzle code sends (recorded by drizzle's logger) in one transaction per`,
    `registration on the engine's own client, ${CONNECTIONS} at a time, over as many fresh registrations.`,
    ...(pglite
      ? [
          "Bench-process rows, the same lookup with less in the way: raw SQL on PGlite; the route's findRegistration (its",
          'prepared drizzle statement); the whole Hono app through app.request (middleware, JSON, logging) without HTTP.',
        ]
      : [
          `Bench-process rows: the route's statement as bare SQL through a pg pool of ${SERVER_POOL_SIZE}, without HTTP.`,
        ]),
  ]);
}

/** What the server's RSS after the requests is set against: a bare engine process, or a ceiling. */
type MemoryReference = { barePglite: number } | { maxMb: number };

function referenceRow(memory: Memory, reference: MemoryReference): string[] {
  if ('maxMb' in reference) {
    const met = memory.after <= reference.maxMb * 1024 * 1024;
    return ['  its RSS after the requests', formatMb(memory.after), '', '', `≤ ${reference.maxMb} MB`, verdict(met)];
  }
  return [
    'bare PGlite on the same data (own process)',
    formatMb(reference.barePglite),
    '',
    `server ${formatRatio(memory.after / reference.barePglite)}`,
    '—',
    '—',
  ];
}

function printMemoryTable(
  engine: string,
  memory: Memory,
  budget: SectionContext['budget']['api']['rss'],
  reference: MemoryReference,
) {
  const growth = memory.after - memory.before;
  const signed = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${formatMb(Math.abs(bytes))}`;
  // No top-up at all when the measured runs alone reached the request count: nothing was sampled.
  const sampled = (window: RssWindow) =>
    window.count === 0
      ? 'no samples: no top-up was needed'
      : `median ${formatMb(window.median)}, ${formatMb(window.min)} … ${formatMb(window.max)} (${window.count} samples)`;
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
      referenceRow(memory, reference),
      ['under load, first token-lookup run', sampled(memory.loadedBefore), '', '', '', ''],
      [`under load, last ${AFTER_WINDOW_SECONDS} s of the top-up`, sampled(memory.loadedAfter), '', '', '', ''],
      ['peak under load (sampled every 250 ms)', formatMb(memory.peak), '', '', '', ''],
    ],
    [
      'Full GC: the bench preloads a SIGUSR2 handler that calls gc() (--expose-gc) — see bench/lib/gc-on-signal.mjs.',
      ...('barePglite' in reference
        ? [
            `Bare PGlite: a node process that opens the server's data directory once it has stopped, runs ${formatCount(BARE_PGLITE_LOOKUPS)}`,
            'token lookups ten at a time, then a full GC (bench/lib/bare-pglite-rss.ts): what the engine itself holds.',
          ]
        : []),
      `Requests counted from the warm-up's end: the four measured runs, then token lookups up to ${formatCount(budget.afterRequests)} for at most ${TOP_UP_MAX_SECONDS} s (took ${memory.topUpSeconds.toFixed(0)} s).`,
      ...(memory.requests < budget.afterRequests
        ? [`The server answered only ${formatCount(memory.requests)} requests within that bound on this machine.`]
        : []),
    ],
  );
}

/**
 * Starts the server on PGlite for the fixtures, stops it and copies its data directory for the bare lookup (one
 * PGlite directory has one process at a time), then starts it again on the same directory for the measured runs.
 */
async function startPgliteServer(
  context: SectionContext,
): Promise<{ server: ServerProcess; dataDir: string; bareDataDir: string; fixtures: Fixtures }> {
  const { cleanup, log } = context;
  log('  starting the server on PGlite (node dist/server/main.js) for the fixtures');
  const dataDir = `${makeTempDir('api-data', cleanup)}/data`;
  const first = await startServer({ dataDir });
  cleanup.add(first.stop);
  const fixtures = await makeFixtures(first, log);
  await first.stop();
  const bareDataDir = `${makeTempDir('bare-pglite', cleanup)}/data`;
  cpSync(dataDir, bareDataDir, { recursive: true, filter: (source) => basename(source) !== LOCK_NAME });
  log('  restarting the server on the same data directory');
  const server = await startServer({ dataDir, gcOnSignal: true });
  cleanup.add(server.stop);
  return { server, dataDir, bareDataDir, fixtures };
}

/**
 * Part 3: the API under load, each route that has one next to a bare node:http process doing the same work, and the
 * engine's own limits, measured in the same run; with DATABASE_URL, all of it again on that PostgreSQL.
 */
export async function runApiSection(context: SectionContext): Promise<void> {
  const { budget, cleanup, log } = context;
  const limits = budget.api.tokenLookup;

  const { server, dataDir, bareDataDir, fixtures } = await startPgliteServer(context);
  const pgliteRun = await benchServer(context, server, fixtures, {
    measureMemory: true,
    bareDatabase: { dataDir: bareDataDir },
    engines: [
      { name: 'raw PGlite lookup', open: () => openPgliteLookup(`${makeTempDir('raw-pglite', cleanup)}/data`) },
      {
        name: 'drizzle PGlite lookup',
        open: () => openDrizzlePgliteLookup(`${makeTempDir('drizzle-pglite', cleanup)}/data`),
      },
      { name: 'app.request lookup', open: () => openInProcessAppLookup(`${makeTempDir('app-pglite', cleanup)}/data`) },
    ],
    rawCustomers: () =>
      openRawCustomerTransactions({ dataDir: `${makeTempDir('raw-customers', cleanup)}/data`, count: CUSTOMER_CODES }),
  });
  await server.stop();
  log(`  bare PGlite on the server's data: ${formatCount(BARE_PGLITE_LOOKUPS)} lookups`);
  const barePglite = await barePgliteRss(dataDir, BARE_PGLITE_LOOKUPS);
  printServerTable('API — real server on PGlite', pgliteRun, budget.api, limits.minRatioToBarePglite);
  printMemoryTable('PGlite', pgliteRun.memory!, budget.api.rss, { barePglite });

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
  const pgRun = await benchServer(context, pgServer, await makeFixtures(pgServer, log), {
    measureMemory: true,
    bareDatabase: { databaseUrl },
    engines: [{ name: 'raw pg lookup', open: () => openPostgresLookup(databaseUrl) }],
    rawCustomers: () => openRawCustomerTransactions({ databaseUrl, dataDir: 'memory://', count: CUSTOMER_CODES }),
  });
  await pgServer.stop();
  printServerTable('API — real server on PostgreSQL (DATABASE_URL)', pgRun, budget.api, limits.minRatioToBarePostgres);
  printMemoryTable('PostgreSQL', pgRun.memory!, budget.api.rss, { maxMb: budget.api.rss.maxOnPostgresMb });
}
