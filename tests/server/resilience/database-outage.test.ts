import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { seedVehicles } from '../../../server/platform/db/seed';
import { parseEnv } from '../../../server/env';
import { issueRegistration } from '../../../server/features/registrations/issue-registration';
import type { IssuedRegistration } from '../../../src/domain/registration';
import { validCustomer } from '../../fixtures/customer';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/test-database';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/**
 * PostgreSQL that stops answering (frozen) or refuses connections: every request answers 503 `unavailable`
 * within the database timeouts, never hangs and never 500s, and the same app answers again once PostgreSQL
 * does, without reopening the database. Vitest's per-test timeout is the bound; no assertion reads a clock.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const API_KEY = 'outage-test-api-key';
/** Far below the suite's: a request that waits for PostgreSQL forever fails its test rather than the run. */
const TEST_TIMEOUT_MS = 20_000;
const POOL_SIZE = 10;

const UNAVAILABLE = {
  error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' },
};

interface Answer {
  status: number;
  retryAfter: string | null;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever the API answered
}

describe.skipIf(!adminUrl)('PostgreSQL stalls or refuses', () => {
  const env = parseEnv({ NODE_ENV: 'test', API_KEY, PUBLIC_URL: 'https://club.example' });
  const logs: string[] = [];
  let scratch: ScratchDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let app: Hono;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!);
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({
      databaseUrl: proxy.urlFor(scratch.url),
      dataDir: '',
      timeouts: { connectMs: 1000, statementMs: 2000 },
    });
    await seedVehicles(database.db);
    app = createApp({
      env,
      db: database.db,
      logger: { info: () => undefined, error: (event, fields) => logs.push(JSON.stringify({ event, ...fields })) },
    });
  });

  /**
   * A server reads its sockets between one request and the next; requests made in-process need not, and would
   * each be handed a pooled connection whose reset nobody has read yet. A few turns of the event loop read them
   * all (the first reads the sockets, the next handles what was read).
   */
  const readResets = async () => {
    for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  };

  // A failed test must not leave the next one without a network.
  afterEach(async () => {
    proxy.thaw();
    await proxy.accept();
    await readResets();
  });

  afterAll(async () => {
    proxy?.thaw();
    await proxy?.close();
    await database?.close();
    await scratch?.drop();
  });

  const call = async (method: string, path: string, json?: unknown): Promise<Answer> => {
    const response = await app.request(path, {
      method,
      headers: { 'x-api-key': API_KEY, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
  };
  const health = () => call('GET', '/api/health');
  const lookup = (issued: IssuedRegistration) => call('GET', `/api/registration-tokens/${issued.token}`);
  const submit = (issued: IssuedRegistration) => call('POST', '/api/customers', validCustomer(issued.registration.id));
  const issue = () =>
    issueRegistration(
      database.db,
      {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-15',
        siteId: '7',
        sourceSystem: 'outage-test',
        isReturningCustomer: false,
      },
      env,
    );

  const expectUnavailable = (answer: Answer) => {
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual(UNAVAILABLE);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  };
  const expectHealthUnavailable = (answer: Answer) => {
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('unavailable');
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  };
  const expectServing = async (issued: IssuedRegistration) => {
    expect((await health()).status).toBe(200);
    expect((await lookup(issued)).status).toBe(200);
    expect((await submit(issued)).status).toBe(201);
  };

  it(
    'answers 503 unavailable to health, a lookup and a write while PostgreSQL is frozen, then serves again',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const issued = await issue();
      proxy.freeze();
      const [stalledHealth, stalledLookup, stalledWrite] = await Promise.all([
        health(),
        lookup(issued),
        submit(issued),
      ]);
      expectHealthUnavailable(stalledHealth);
      expectUnavailable(stalledLookup);
      expectUnavailable(stalledWrite);
      // The write's values are in the driver's error message: only its class and code may reach the logs.
      expect(logs.join('\n')).not.toContain('Whitfield');

      proxy.thaw();
      // The stalled write never committed: the same code still registers.
      await expectServing(issued);
    },
  );

  it('gets back every pooled connection a freeze stranded mid-request', { timeout: TEST_TIMEOUT_MS }, async () => {
    // Every pooled connection open and idle, then each one stuck under a write when the network stops.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => database.db.execute(sql`select pg_sleep(0.1)`)));
    const stranded = await Promise.all(Array.from({ length: POOL_SIZE }, () => issue()));
    proxy.freeze();
    for (const answer of await Promise.all(stranded.map((issued) => submit(issued)))) expectUnavailable(answer);

    proxy.thaw();
    await expectServing(await issue());
    for (const answer of await Promise.all(stranded.map((issued) => submit(issued)))) {
      expect(answer.status).toBe(201);
    }
  });

  it(
    'answers 503, not 500, while PostgreSQL refuses connections, then serves again',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const issued = await issue();
      await proxy.refuse();
      expectUnavailable(await submit(issued));
      expectUnavailable(await lookup(issued));
      expectHealthUnavailable(await health());

      await proxy.accept();
      await readResets();
      await expectServing(issued);
    },
  );

  it(
    'answers 503 to a write whose connection is reset under it, and stays up',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const issued = await issue();
      proxy.freeze();
      const write = submit(issued);
      await proxy.holding();
      await proxy.refuse();
      expectUnavailable(await write);

      proxy.thaw();
      await proxy.accept();
      await readResets();
      await expectServing(issued);
    },
  );
});
