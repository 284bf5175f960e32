import { lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys, rateLimits } from '../db/schema';
import type { Logger } from './logger';

const HOUR_MS = 60 * 60 * 1000;

/** Deletes what has outlived its use: expired idempotency keys and throttle counters. Answers what it deleted. */
export async function deleteExpired(
  db: Db,
  now = new Date(),
): Promise<{ idempotencyKeys: number; rateLimits: number }> {
  const keys = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  const counters = await db.delete(rateLimits).where(lte(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return { idempotencyKeys: keys.length, rateLimits: counters.length };
}

/**
 * Runs `deleteExpired` every hour while the server runs. Instances sharing PostgreSQL may all run it: deleting
 * an expired row twice is harmless. (The operations work will move this onto the job queue.)
 */
export function startHousekeeping(db: Db, logger: Logger, everyMs = HOUR_MS): () => void {
  const run = () =>
    void deleteExpired(db).then(
      (deleted) => {
        if (deleted.idempotencyKeys + deleted.rateLimits > 0) logger.info('housekeeping', deleted);
      },
      (error: unknown) => logger.error('housekeeping_failed', { error: (error as Error).name }),
    );
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
