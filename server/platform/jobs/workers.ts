import { PgBoss } from 'pg-boss';
import type { SqlExecutor } from '../db/sql-executor';
import type { Logger } from '../logging/logger';
import { JOB_SCHEMA, type QueueName } from './queues';

/** What a job's handler learns: its data, and how many times it was retried before this try. */
export interface JobTry {
  data: Record<string, string>;
  retryCount: number;
}

export interface Worker {
  queue: QueueName;
  /**
   * Tries a batch of jobs; answers the indexes of those to retry later (pg-boss fails them, and completes the rest).
   * Throwing retries the whole batch.
   */
  handle: (jobs: JobTry[]) => Promise<number[]>;
}

export interface Workers {
  stop: () => Promise<void>;
}

/** A job pg-boss's clock sends on a cron (UTC), once a period however many instances run; and at start, if asked. */
export interface Schedule {
  queue: QueueName;
  cron: string;
  runAtStart: boolean;
}

/** Jobs taken at a time by each instance: their tries run side by side, each bounded by its own timeout. */
const BATCH_SIZE = 25;

/**
 * Runs the handlers in this process on pg-boss, which takes each job with `FOR UPDATE SKIP LOCKED`: instances
 * sharing one database never work on the same job at once. Its supervisor (one instance at a time, by advisory
 * lock) expires jobs whose worker died mid-try, so they are tried again.
 */
export async function startWorkers(
  db: SqlExecutor,
  workers: Worker[],
  options: {
    logger: Logger;
    pollingIntervalSeconds?: number;
    /** Whether the instance is busy serving requests: then a full batch waits for the next poll (see below). */
    busy?: () => boolean;
    schedules?: Schedule[];
  },
): Promise<Workers> {
  // `supervise`: expiry and deletion of pg-boss's own jobs. `schedule`: its cron clock, which one instance
  // at a time runs (a conditional update of one row per 30 s) and whose sends are de-duplicated per minute.
  const boss = new PgBoss({ db, schema: JOB_SCHEMA, supervise: true, schedule: true, migrate: false });
  // Only the error's class: its message may quote a job's data.
  boss.on('error', (error: Error) => options.logger.error('job_queue', { error: error.name }));
  // Before the clock starts, so that its first look (at start) already finds them: plain upserts of pg-boss's rows.
  for (const schedule of options.schedules ?? []) {
    await boss.schedule(schedule.queue, schedule.cron, {}, { tz: 'UTC', singletonKey: 'cron', singletonSeconds: 60 });
  }
  await boss.start();
  for (const worker of workers) {
    let workerId = '';
    workerId = await boss.work<Record<string, string>>(
      worker.queue,
      {
        batchSize: BATCH_SIZE,
        includeMetadata: true,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async (jobs) => {
        const retry = await worker.handle(jobs.map((job) => ({ data: job.data, retryCount: job.retryCount })));
        // The jobs to retry fail on their own; pg-boss completes the rest of the batch when this returns.
        if (retry.length) {
          await boss.fail(
            worker.queue,
            retry.map((index) => jobs[index]!.id),
          );
        }
        // A full batch means more are likely waiting: fetch again at once rather than after the polling interval,
        // unless requests are being served. Then a backlog goes out a batch a poll (25 a second) until the burst
        // ends: deliveries can wait a few seconds, a customer at the form should not (decision 013).
        if (jobs.length === BATCH_SIZE && workerId && !options.busy?.()) boss.notifyWorker(workerId);
      },
    );
  }
  for (const schedule of options.schedules ?? []) {
    // Instances starting in the same minute send one job between them.
    if (schedule.runAtStart) await boss.send(schedule.queue, {}, { singletonKey: 'start', singletonSeconds: 60 });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 15_000 }) };
}
