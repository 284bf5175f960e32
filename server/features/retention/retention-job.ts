import type { Db } from '../../platform/db/client';
import { QUEUES } from '../../platform/jobs/queues';
import type { Schedule, Worker } from '../../platform/jobs/workers';
import type { Logger } from '../../platform/logging/logger';
import { runRetention } from './run-retention';
import type { RetentionSettings } from './retention-rules';

/**
 * Every 15 minutes, at :00, :15, :30 and :45 UTC. pg-boss's clock sends one job a period whatever the number of
 * instances (see `startWorkers`); the period bounds how long past its TTL an idempotency key may still count.
 */
export const RETENTION_CRON = '*/15 * * * *';

/** The retention pass as a pg-boss job: scheduled, and run once when an instance starts. */
export function retentionJob(
  db: Db,
  settings: RetentionSettings,
  logger: Logger,
  now: () => Date = () => new Date(),
): { worker: Worker; schedule: Schedule } {
  return {
    worker: {
      queue: QUEUES.retention,
      handle: async (jobs) => {
        // Jobs that piled up (an instance down for a while) need one pass between them, not one each.
        try {
          const deleted = await runRetention(db, settings, now());
          logger.info('retention', { ...deleted });
          return [];
        } catch (error) {
          // Only the class: a database error's text can quote the values of the statement.
          logger.error('retention_failed', { error: (error as Error).name });
          return jobs.map((_, index) => index);
        }
      },
    },
    schedule: { queue: QUEUES.retention, cron: RETENTION_CRON, runAtStart: true },
  };
}
