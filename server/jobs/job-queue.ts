import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { JOB_SCHEMA, type QueueName } from './queues';

/**
 * Adds a job in the caller's transaction: it exists if, and only if, the transaction commits. A plain INSERT into
 * pg-boss's job table, as its documentation allows ("Direct database interactions"), taking the retry policy from
 * the queue's row as `send()` does: it runs inside every write that has a listener, and `send()`'s general-purpose
 * statement, rebuilt for drizzle, cost four times as much there (decision 013).
 */
export async function enqueue(tx: Tx | Db, queue: QueueName, data: Record<string, string>): Promise<void> {
  const result: unknown = await tx.execute(sql`
    insert into ${sql.raw(JOB_SCHEMA)}.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
    select q.name, ${JSON.stringify(data)}::jsonb, q.retry_limit, q.retry_delay, q.retry_backoff,
           q.expire_seconds * interval '1 second', q.policy
    from ${sql.raw(JOB_SCHEMA)}.queue q where q.name = ${queue}
    returning id`);
  // `Db` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
  if ((result as { rows: unknown[] }).rows.length !== 1) throw new Error(`The job queue ${queue} is not installed`);
}
