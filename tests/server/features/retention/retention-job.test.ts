import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { idempotencyKeys, rateLimits } from '../../../../server/platform/db/schema';
import { parseEnv } from '../../../../server/env';
import { startIntegrations } from '../../../../server/features/integrations/start-integrations';
import { enqueue } from '../../../../server/platform/jobs/job-queue';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { startWorkers, type Workers } from '../../../../server/platform/jobs/workers';
import type { Logger } from '../../../../server/platform/logging/logger';
import { RETENTION_CRON, retentionJob } from '../../../../server/features/retention/retention-job';
import { eventually } from '../integrations/support/eventually';
import { DRIVERS, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const env = parseEnv({ NODE_ENV: 'test' });

function recordingLogger() {
  const lines: { event: string; [field: string]: unknown }[] = [];
  const logger: Logger = {
    info: (event, fields) => lines.push({ event, ...fields }),
    error: (event, fields) => lines.push({ event, ...fields }),
  };
  return { lines, logger };
}

async function rows(database: Database, query: ReturnType<typeof sql>) {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function addExpiredRows(database: Database, tag: string) {
  const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await database.db.insert(rateLimits).values({ key: `${tag}:ended`, points: 1, expire: new Date(Date.now() - 1000) });
  await database.db
    .insert(idempotencyKeys)
    .values({ scope: 'test', key: tag, requestHash: 'x', createdAt: longAgo, expiresAt: longAgo });
}

const countExpired = async (database: Database) =>
  (await database.db.select().from(rateLimits)).length + (await database.db.select().from(idempotencyKeys)).length;

/** Waits for the job to delete them; a worker under load on a shared machine can take a while. */
const allGone = (database: Database) =>
  eventually(
    () => countExpired(database),
    (left) => left === 0,
    20_000,
  );

/**
 * The engines' suites run side by side (describe.concurrent), as much of their time is spent waiting for pg-boss's
 * workers and clock; within each, the tests run one after the other, sharing its cleanups.
 */
const it = vitestIt.sequential;

describe.concurrent.each(DRIVERS)('the retention job on %s', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('runs through pg-boss when the server starts its workers, and again whenever a job is queued', async () => {
    const database = await openTestDatabase(driver);
    cleanups.push(() => database.close());
    await addExpiredRows(database, 'before-start');
    const { lines, logger } = recordingLogger();
    const workers = await startIntegrations({ database, env, logger, pollingIntervalSeconds: 0.5 });
    cleanups.push(() => workers.stop());

    expect(await allGone(database)).toBe(0);
    // Logged once the deletions have committed: a moment after they show.
    const logged = await eventually(
      () => Promise.resolve(lines.find((line) => line.event === 'retention')),
      (line) => line !== undefined,
    );
    expect(logged).toMatchObject({ idempotencyKeys: 1, rateLimits: 1, registrations: 0, events: 0 });
    // Counts only: nothing of what the rows held.
    expect(JSON.stringify(logged)).not.toContain('before-start');

    await addExpiredRows(database, 'queued-later');
    await enqueue(database.db, QUEUES.retention, {});
    expect(await allGone(database)).toBe(0);

    // The schedule is pg-boss's, every 15 minutes in UTC (beside the follow-ups' escalation check, every minute).
    const schedules = await rows(database, sql`select name, cron, timezone from pgboss.schedule order by name`);
    expect(schedules).toEqual([
      { name: QUEUES.followUpEscalation, cron: '* * * * *', timezone: 'UTC' },
      { name: QUEUES.retention, cron: RETENTION_CRON, timezone: 'UTC' },
    ]);
    expect(lines.filter((line) => line.event === 'retention_failed' || line.event === 'job_queue')).toEqual([]);
  });

  it("sends one job a period from pg-boss's clock, however many instances run it", async () => {
    const database = await openTestDatabase(driver);
    cleanups.push(() => database.close());
    await addExpiredRows(database, 'by-the-clock');
    const { lines, logger } = recordingLogger();
    // Every minute, so that the clock's first look (at start) finds the period begun; no run at start.
    const start = async () => {
      const job = retentionJob(database.db, env.retention, logger);
      const instance: Workers = await startWorkers(database.executor, [job.worker], {
        logger,
        pollingIntervalSeconds: 0.5,
        schedules: [{ ...job.schedule, cron: '* * * * *', runAtStart: false }],
      });
      cleanups.push(() => instance.stop());
    };
    await start();
    await start();

    expect(await allGone(database)).toBe(0);
    // Both clocks have looked by now (each looks right after its start); what either sent has been run once the
    // queues hold nothing more to do, and a second instance's job, had one been sent, is then counted below.
    const pending = await eventually(
      () =>
        rows(
          database,
          sql`select count(*)::int as pending from pgboss.job
              where name in (${QUEUES.retention}, '__pgboss__send-it') and state < 'completed'`,
        ),
      (result) => result[0]?.pending === 0,
    );
    expect(pending).toEqual([{ pending: 0 }]);
    const jobs = await rows(
      database,
      sql`select count(*)::int as jobs from pgboss.job where name = ${QUEUES.retention}`,
    );
    expect(jobs).toEqual([{ jobs: 1 }]);
    expect(lines.filter((line) => line.event === 'retention')).toHaveLength(1);
    expect(lines.filter((line) => line.event === 'job_queue')).toEqual([]);
  });
});

describe.each(EMBEDDED_ONLY)("the retention job's handler on %s", (driver) => {
  const now = new Date('2026-11-24T12:00:00Z');
  const tries = (n: number) => Array.from({ length: n }, () => ({ data: {}, retryCount: 0 }));

  it('is scheduled every 15 minutes and at start, on the retention queue', () => {
    const { lines, logger } = recordingLogger();
    const job = retentionJob({} as Database['db'], env.retention, logger, () => now);
    expect(RETENTION_CRON).toBe('*/15 * * * *');
    expect(job.schedule).toEqual({ queue: 'retention', cron: '*/15 * * * *', runAtStart: true });
    expect(job.schedule.queue).toBe(QUEUES.retention);
    expect(job.worker.queue).toBe(QUEUES.retention);
    expect(lines).toEqual([]);
  });

  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('runs one pass as of its clock for a pile of jobs, completes them all and logs the counts', async () => {
    await database.db.insert(rateLimits).values([
      { key: 'ended', points: 1, expire: new Date(now.getTime() - 1000) },
      { key: 'running', points: 1, expire: new Date(now.getTime() + 1000) },
    ]);
    const { lines, logger } = recordingLogger();
    const job = retentionJob(database.db, env.retention, logger, () => now);
    expect(await job.worker.handle(tries(3))).toEqual([]);
    expect(lines).toEqual([
      {
        event: 'retention',
        idempotencyKeys: 0,
        rateLimits: 1,
        registrations: 0,
        textMessages: 0,
        events: 0,
        deliveries: 0,
        visits: 0,
      },
    ]);
    expect((await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
      'running',
    ]);
  });

  it('retries every job of the batch when the pass fails, logging only the class of the error', async () => {
    const failing = {
      execute: () => Promise.reject(new TypeError('value "+12015550143" violates something')),
    } as unknown as Database['db'];
    const { lines, logger } = recordingLogger();
    const job = retentionJob(failing, env.retention, logger, () => now);
    expect(await job.worker.handle(tries(3))).toEqual([0, 1, 2]);
    expect(lines).toEqual([{ event: 'retention_failed', error: 'TypeError' }]);
  });
});
