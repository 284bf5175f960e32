import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { JOB_SCHEMA, QUEUES } from '../jobs/queues';

/** pg-boss's job states, all kept in its `job` table until it deletes finished jobs (a week after they end). */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** Waiting to run: new, or failed and due for another try. */
const WAITING_STATES = new Set<string>(['created', 'retry']);

/** Any other method string is counted as `other`, so a client cannot mint label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface AppMetrics {
  /** Counts and times each request by its route pattern (never its path: paths can hold registration codes). */
  measure: MiddlewareHandler;
  /** Reads the database's figures (pool, job queues) and answers the whole registry in Prometheus's text format. */
  scrape: () => Promise<string>;
  contentType: string;
}

/**
 * The metrics of one app, in a registry of its own (not prom-client's global one): several apps in one process (the
 * tests) each count their own requests. The database's figures are read at scrape time, not kept up to date.
 */
export function createMetrics({ db }: { db: Db }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being ready, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // node-postgres's pool, when the app runs on PostgreSQL. PGlite is one in-process connection with no pool to run
  // out of: it gets no pool series rather than a constant that would only look like information.
  const client: unknown = (db as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('db_pool_max_connections', 'Connections the PostgreSQL pool may open', (p) => p.options.max);
    poolGauge('db_pool_open_connections', 'Connections the PostgreSQL pool has open', (p) => p.totalCount);
    poolGauge('db_pool_idle_connections', 'Open connections no request is using', (p) => p.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a connection of the pool', (p) => p.waitingCount);
  }

  const jobs = new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs in the job table (finished ones for a week: pg-boss then deletes them), by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const depth = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting to run (created, or due for a retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'job_queue_failed',
    help: 'Jobs that failed for good (every retry spent) in the last week, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });

  async function readQueues(): Promise<void> {
    jobs.reset();
    depth.reset();
    failed.reset();
    let rows: Array<{ queue: string; state: string; count: number }>;
    try {
      const result = await db.execute(sql`
        select name as queue, state::text as state, count(*)::int as count
        from ${sql.raw(JOB_SCHEMA)}.job group by name, state`);
      // `Db` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
      rows = (result as { rows: typeof rows }).rows;
    } catch {
      // The database is away: its series are left out of this scrape (the 503s and the pool say why), and the
      // process's and the requests' own figures are still worth having.
      return;
    }
    const queues = new Set<string>([...Object.values(QUEUES), ...rows.map((row) => row.queue)]);
    for (const queue of queues) {
      depth.set({ queue }, 0);
      failed.set({ queue }, 0);
      for (const state of JOB_STATES) jobs.set({ queue, state }, 0);
    }
    for (const { queue, state, count } of rows) {
      jobs.set({ queue, state }, count);
      if (WAITING_STATES.has(state)) depth.inc({ queue }, count);
      if (state === 'failed') failed.set({ queue }, count);
    }
  }

  const measure: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const labels = {
      method: METHODS.has(c.req.method) ? c.req.method : 'other',
      route: c.req.routePath,
      status: String(c.res.status),
    };
    requests.inc(labels);
    durations.observe(labels, (performance.now() - started) / 1000);
  };

  return {
    measure,
    scrape: async () => {
      await readQueues();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}
