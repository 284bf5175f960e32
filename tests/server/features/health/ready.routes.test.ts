import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { openDatabase } from '../../../../server/platform/db/client';
import { parseEnv } from '../../../../server/env';
import { startHttpServer, type ReadinessState } from '../../../../server/platform/http/http-server';
import { startTcpProxy } from '../../resilience/support/tcp-proxy';
import { createScratchDatabase, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';
import { API_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

const UNAVAILABLE = { code: 'unavailable', message: expect.any(String) };

describe.each(EMBEDDED_ONLY)('GET /api/ready on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers 200 ready without a key while the app serves and the database answers', async () => {
    const res = await t.call('GET', '/api/ready', { anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('leaves /api/health as it was', async () => {
    const res = await t.call('GET', '/api/health', { anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it.for([
    ['starting', 'This instance is starting.'],
    ['stopping', 'This instance is shutting down.'],
  ] as const)('answers 503 with Retry-After while %s, and 200 again once ready', async ([state, message]) => {
    const readiness: { state: ReadinessState } = { state };
    const app = createApp({ env: t.env, db: t.database.db, readiness });
    const refused = await app.request('/api/ready');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: 'unavailable', message } });
    // Only readiness says so: the rest of the app still serves (a request in flight at SIGTERM finishes).
    expect((await app.request('/api/health')).status).toBe(200);

    readiness.state = 'ready';
    expect((await app.request('/api/ready')).status).toBe(200);
  });

  it('answers 503 with Retry-After when the database does not answer', async () => {
    const database = await openTestDatabase(driver);
    const app = createApp({ env: t.env, db: database.db, readiness: { state: 'ready' } });
    expect((await app.request('/api/ready')).status).toBe(200);
    await database.close();
    const res = await app.request('/api/ready');
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'The database is not answering.' } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('GET /api/ready while PostgreSQL is frozen', () => {
  // Vitest's timeout is the bound: a readiness check that waited on PostgreSQL forever fails here.
  it(
    'answers 503 within the database timeouts, then 200 once PostgreSQL answers again',
    { timeout: 20_000 },
    async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      const target = new URL(scratch.url);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const database = await openDatabase({
        databaseUrl: proxy.urlFor(scratch.url),
        dataDir: '',
        timeouts: { connectMs: 1000, statementMs: 2000 },
      });
      try {
        const app = createApp({ env: parseEnv({ API_KEY }), db: database.db, readiness: { state: 'ready' } });
        expect((await app.request('/api/ready')).status).toBe(200);
        proxy.freeze();
        const frozen = await app.request('/api/ready');
        expect(frozen.status).toBe(503);
        expect(Number(frozen.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await frozen.json()).toEqual({
          error: { code: 'unavailable', message: 'The database is not answering.' },
        });
        proxy.thaw();
        expect((await app.request('/api/ready')).status).toBe(200);
      } finally {
        proxy.thaw();
        await proxy.close();
        await database.close();
        await scratch.drop();
      }
    },
  );
});

describe('the HTTP server, from start-up to shutdown', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answers 503 to everything before its app is there, then serves it, then is not ready once stopping', async () => {
    const env = parseEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', API_KEY, SHUTDOWN_GRACE_SECONDS: '5' });
    const http = await startHttpServer({ env });
    cleanups.push(() => {
      http.server.closeAllConnections();
      return http.shutdown();
    });
    const database = await openTestDatabase('pglite');
    cleanups.push(() => database.close());

    // Listening, but the database is still being opened and migrated (main.ts): nothing is served yet.
    expect(http.readiness.state).toBe('starting');
    for (const [method, path, body] of [
      ['GET', '/api/ready', undefined],
      ['GET', '/api/health', undefined],
      ['POST', '/api/customers', JSON.stringify(validCustomer('abc'))],
      ['GET', '/', undefined],
    ] as const) {
      const res = await fetch(`${http.url}${path}`, {
        method,
        body,
        headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ error: UNAVAILABLE });
    }

    const app = createApp({ env, db: database.db, readiness: http.readiness });
    http.serve(app);
    expect(http.readiness.state).toBe('ready');
    const ready = await fetch(`${http.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // SIGTERM (main.ts): from the call on, before any connection is drained, the app says it is not ready.
    const stopped = http.shutdown();
    expect(http.readiness.state).toBe('stopping');
    const res = await app.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: 'This instance is shutting down.' } });
    await stopped;
  });
});
