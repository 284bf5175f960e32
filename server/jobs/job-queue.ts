import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { SqlExecutor } from '../db/sql-executor';
import { bossOptions } from './install-job-queue';
import type { QueueName } from './queues';

/**
 * `$n` placeholders become drizzle parameters, so the text runs inside the caller's drizzle transaction. An
 * undefined value is sent as NULL, as `pg` does (drizzle would leave it out of the text).
 */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql.raw(''),
  );
}

/** Runs pg-boss's statements in a drizzle transaction: what it writes commits or rolls back with the rest. */
const transactionExecutor = (tx: Tx | Db): SqlExecutor => ({
  async executeSql(text, values = []) {
    // `Db` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
    const result: unknown = await tx.execute(toDrizzleSql(text, values));
    return { rows: (result as { rows: Record<string, unknown>[] }).rows };
  },
});

// Only builds the insert's SQL: every send below goes through the caller's transaction, never this executor.
let sender: PgBoss | undefined;
const noExecutor: SqlExecutor = {
  executeSql: () => Promise.reject(new Error('Jobs are added through a transaction')),
};

/** Adds a job in the caller's transaction: it exists if, and only if, the transaction commits. */
export async function enqueue(tx: Tx | Db, queue: QueueName, data: Record<string, string>): Promise<void> {
  sender ??= new PgBoss(bossOptions(noExecutor));
  const id = await sender.send(queue, data, { db: transactionExecutor(tx) });
  if (!id) throw new Error(`The job queue ${queue} is not installed`);
}
