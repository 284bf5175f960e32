import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { parseEnv } from '../../../../server/env';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

const METRICS_TOKEN = 'metrics-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The value of the one series `name{labels}` in a scrape, or undefined when it is not there. */
function series(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(',') : [];
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return undefined;
}

describe('METRICS_TOKEN', () => {
  it('is unset unless given, and at least 16 characters when it is', () => {
    expect(parseEnv({}).metricsToken).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(() => parseEnv({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('does not exist, whatever the credential: it is any unknown path', async () => {
    for (const headers of [{}, bearer(METRICS_TOKEN), bearer('')]) {
      const res = await t.call('GET', '/metrics', { headers });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe.each(EMBEDDED_ONLY)('GET /metrics with METRICS_TOKEN on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { METRICS_TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.call('GET', '/metrics', { anonymous: true, headers: bearer(METRICS_TOKEN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return res.body as string;
  };

  it('refuses a missing, wrong or differently long token with 401, without the API key doing anything', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-0123456780'),
      bearer(`${METRICS_TOKEN}0`),
      bearer(METRICS_TOKEN.slice(0, -1)),
      { authorization: METRICS_TOKEN },
      { authorization: `Basic ${METRICS_TOKEN}` },
    ]) {
      const res = await t.call('GET', '/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });

  it('counts and times requests by route pattern, never by a path holding a registration code', async () => {
    const issued = await t.issue();
    expect((await t.call('GET', `/api/registration-tokens/${issued.token}`)).status).toBe(200);
    expect((await t.call('GET', `/api/registration-tokens/${issued.token}`)).status).toBe(200);
    expect((await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) })).status).toBe(201);
    const text = await scrape();

    const lookup = { method: 'GET', route: '/api/registration-tokens/:token', status: '200' };
    expect(series(text, 'http_requests_total', lookup)).toBe(2);
    expect(series(text, 'http_requests_total', { method: 'POST', route: '/api/customers', status: '201' })).toBe(1);
    expect(series(text, 'http_request_duration_seconds_count', lookup)).toBe(2);
    expect(series(text, 'http_request_duration_seconds_bucket', { ...lookup, le: '+Inf' })).toBe(2);
    expect(series(text, 'http_request_duration_seconds_sum', lookup)).toBeGreaterThan(0);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).not.toContain(issued.token);
  });

  it('counts an unknown method as other, so clients cannot mint label values', async () => {
    await t.app.request('/api/vehicles', { method: 'PROPFIND' });
    const text = await scrape();
    expect(text).not.toContain('PROPFIND');
    expect(series(text, 'http_requests_total', { method: 'other' })).toBeGreaterThanOrEqual(1);
  });

  it('shows each job queue: its depth, its failed jobs and every state, read from pg-boss at scrape time', async () => {
    const before = await scrape();
    for (const queue of Object.values(QUEUES)) {
      expect(series(before, 'job_queue_depth', { queue })).toBe(0);
      expect(series(before, 'job_queue_jobs', { queue, state: 'completed' })).toBe(0);
    }

    await t.database.db.execute(sql`
      insert into pgboss.job (name, data, state) values
        (${QUEUES.smsDelivery}, '{}', 'created'),
        (${QUEUES.smsDelivery}, '{}', 'created'),
        (${QUEUES.smsDelivery}, '{}', 'retry'),
        (${QUEUES.smsDelivery}, '{}', 'failed'),
        (${QUEUES.webhookDelivery}, '{}', 'active')`);
    const after = await scrape();
    expect(series(after, 'job_queue_depth', { queue: QUEUES.smsDelivery })).toBe(3);
    expect(series(after, 'job_queue_failed', { queue: QUEUES.smsDelivery })).toBe(1);
    expect(series(after, 'job_queue_jobs', { queue: QUEUES.smsDelivery, state: 'retry' })).toBe(1);
    expect(series(after, 'job_queue_jobs', { queue: QUEUES.webhookDelivery, state: 'active' })).toBe(1);
    expect(series(after, 'job_queue_depth', { queue: QUEUES.webhookDelivery })).toBe(0);
  });

  it("shows the process's own metrics", async () => {
    const text = await scrape();
    expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it(
    driver === 'postgres'
      ? "shows the PostgreSQL pool's connections"
      : 'shows no pool on PGlite, one in-process connection with nothing to run out of',
    async () => {
      const text = await scrape();
      if (driver === 'postgres') {
        expect(series(text, 'db_pool_max_connections')).toBe(10);
        expect(series(text, 'db_pool_open_connections')).toBeGreaterThanOrEqual(1);
        expect(series(text, 'db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
        expect(series(text, 'db_pool_waiting_requests')).toBe(0);
      } else {
        expect(text).not.toContain('db_pool_');
      }
    },
  );
});

describe.each(EMBEDDED_ONLY)('metrics of apps in one process on %s', (driver) => {
  it('are counted per app, and a scrape still answers when the database does not', async () => {
    const database = await openTestDatabase(driver);
    const env = parseEnv({ API_KEY: 'test-api-key', METRICS_TOKEN });
    const one = createApp({ env, db: database.db });
    const other = createApp({ env, db: database.db });
    await one.request('/api/health');
    await one.request('/api/health');
    await other.request('/api/health');
    await database.close();

    const scrapes = await Promise.all(
      [one, other].map(async (app) => {
        const res = await app.request('/metrics', { headers: bearer(METRICS_TOKEN) });
        expect(res.status).toBe(200);
        return res.text();
      }),
    );
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(scrapes.map((text) => series(text, 'http_requests_total', health))).toEqual([2, 1]);
    // Without the database its series are left out rather than shown stale; the rest is still there.
    for (const text of scrapes) {
      expect(text).not.toMatch(/^job_queue_/m);
      expect(series(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    }
  });
});
