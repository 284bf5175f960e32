import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { JOB_SCHEMA, type QueueName } from './queues';

/**
 * The INSERT of one job into pg-boss's job table, as pg-boss's documentation allows ("Direct database
 * interactions"), taking the retry policy from the queue's row as `send()` does. `when` adds a condition: the job is
 * inserted only if it holds. A statement of its own, or the last part of a caller's `with` statement, so that a
 * write and its job cost one round trip (decision 013). `startAfter`: pg-boss's `startAfter`, the job is not taken
 * before then (a text held for its sending window, decision 031); otherwise at once. `onceFor`: pg-boss's
 * `singletonKey`, with `startAfter` as its `singletonOn`: a second job for the same key and time is not added.
 */
export const jobInsert = (
  queue: QueueName,
  data: SQL,
  when: SQL = sql`true`,
  startAfter?: Date,
  onceFor?: string,
): SQL => {
  const start = startAfter ? sql`${startAfter.toISOString()}::timestamptz` : sql`now()`;
  return sql`
  insert into ${sql.raw(JOB_SCHEMA)}.job
    (name, data, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds, deletion_seconds,
     keep_until, policy, dead_letter, heartbeat_seconds, start_after, singleton_key, singleton_on)
  select q.name, ${data}, q.retry_limit, q.retry_delay, q.retry_backoff, q.retry_delay_max, q.expire_seconds,
         q.deletion_seconds, ${start} + q.retention_seconds * interval '1 second', q.policy, q.dead_letter,
         q.heartbeat_seconds, ${start},
         ${onceFor ? sql`${onceFor}::text` : sql`null::text`},
         ${onceFor && startAfter ? sql`${startAfter.toISOString()}::timestamptz at time zone 'UTC'` : sql`null::timestamp`}
  from ${sql.raw(JOB_SCHEMA)}.queue q where q.name = ${queue} and (${when})
  ${onceFor ? sql`on conflict do nothing` : sql``}
  returning id`;
};

/**
 * Adds the job of `key` due at `at`, unless there is one already (pg-boss's unique index on its singleton columns),
 * in the caller's transaction.
 */
export async function enqueueOnce(
  tx: Tx | Db,
  queue: QueueName,
  data: Record<string, string>,
  once: { key: string; at: Date },
): Promise<void> {
  await tx.execute(jobInsert(queue, sql`${JSON.stringify(data)}::jsonb`, sql`true`, once.at, once.key));
}

/** Adds a job in the caller's transaction: it exists if, and only if, the transaction commits. */
export async function enqueue(
  tx: Tx | Db,
  queue: QueueName,
  data: Record<string, string>,
  options: { startAfter?: Date } = {},
): Promise<void> {
  const result: unknown = await tx.execute(
    jobInsert(queue, sql`${JSON.stringify(data)}::jsonb`, sql`true`, options.startAfter),
  );
  // `Db` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
  if ((result as { rows: unknown[] }).rows.length !== 1) throw new Error(`The job queue ${queue} is not installed`);
}
