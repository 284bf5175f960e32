import { sql } from 'drizzle-orm';
import type { Database } from '../../../../../server/platform/db/client';
import type { QueueName } from '../../../../../server/platform/jobs/queues';
import { eventually } from './eventually';

/** How many of the queue's jobs about `about` (a part of their data) are still to run, or running. */
async function pendingJobs(database: Database, queue: QueueName, about: Record<string, string>): Promise<number> {
  const result: unknown = await database.db.execute(
    sql`select count(*)::int as pending from pgboss.job
        where name = ${queue} and data @> ${JSON.stringify(about)}::jsonb and state < 'completed'`,
  );
  return (result as { rows: { pending: number }[] }).rows[0]!.pending;
}

/**
 * Waits until the queue holds nothing more to do about `about`, and answers how many jobs were still pending then
 * (0, unless the wait ran out): once it is 0, nothing more can be sent about it, so a test that counts what was sent
 * needs no pause "in case a retry comes".
 */
export const jobsSettled = (database: Database, queue: QueueName, about: Record<string, string>, timeoutMs = 30_000) =>
  eventually(
    () => pendingJobs(database, queue, about),
    (pending) => pending === 0,
    timeoutMs,
  );
