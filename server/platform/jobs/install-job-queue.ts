import { PgBoss } from 'pg-boss';
import type { SqlExecutor } from '../db/sql-executor';
import { JOB_SCHEMA, policyOf, QUEUES } from './queues';

const bossOptions = (db: SqlExecutor) => ({
  db,
  schema: JOB_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: true,
});

/** Where pg-boss 10's tables wait, renamed, while pg-boss 12 installs its own in JOB_SCHEMA (decision 043). */
export const PG_BOSS_10_SCHEMA = `${JOB_SCHEMA}_v10`;

/** pg-boss 10's schema version: pg-boss 11 rewrote its tables and migrates only from its own (25) onwards. */
const PG_BOSS_10_VERSION = 24;

/**
 * Creates (or updates) pg-boss's tables and our queues; part of bringing the database's schema up to date. A
 * database made by pg-boss 10 is moved over: its tables are set aside, pg-boss 12 installs its own, and the jobs
 * still to run are copied across before the old tables are dropped. Each step can be run again, so a migration
 * stopped half-way finishes on the next start.
 */
export async function installJobQueue(db: SqlExecutor): Promise<void> {
  await setAsidePgBoss10(db);
  const boss = new PgBoss(bossOptions(db));
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const name of Object.values(QUEUES)) {
      const policy = policyOf(name);
      if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
      else await boss.createQueue(name, policy);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
  await moveJobsFromPgBoss10(db);
}

async function setAsidePgBoss10(db: SqlExecutor): Promise<void> {
  const { rows } = await db.executeSql(
    `select to_regclass('${JOB_SCHEMA}.version') is not null as installed,
            to_regnamespace('${PG_BOSS_10_SCHEMA}') is not null as "setAside"`,
  );
  if (rows[0]?.installed !== true || rows[0]?.setAside === true) return;
  const version = await db.executeSql(`select max(version)::int as version from ${JOB_SCHEMA}.version`);
  if (version.rows[0]?.version !== PG_BOSS_10_VERSION) return;
  await db.executeSql(`alter schema ${JOB_SCHEMA} rename to ${PG_BOSS_10_SCHEMA}`);
}

/**
 * The jobs pg-boss 10 had not finished (waiting, due for a retry, or taken by a worker that the upgrade stopped) go
 * on in pg-boss 12's table with their ids, tries and times, and the policy of their queue's new row; a job that was
 * taken is due for another try, as pg-boss 10's expiry would have made it. Finished jobs are pg-boss's history, not
 * ours (our tables keep each delivery's outcome), and are dropped with the old tables. One transaction: the copy
 * and the drop happen together or not at all.
 */
async function moveJobsFromPgBoss10(db: SqlExecutor): Promise<void> {
  const { rows } = await db.executeSql(`select to_regnamespace('${PG_BOSS_10_SCHEMA}') is not null as "setAside"`);
  if (rows[0]?.setAside !== true) return;
  try {
    await db.executeSql(`
    begin;
    insert into ${JOB_SCHEMA}.job
      (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, retry_delay_max,
       expire_seconds, deletion_seconds, keep_until, policy, dead_letter, heartbeat_seconds, start_after, created_on,
       singleton_key, singleton_on)
    select o.id, o.name, o.priority, o.data,
           (case when o.state::text = 'active' then 'retry' else o.state::text end)::${JOB_SCHEMA}.job_state,
           o.retry_limit, o.retry_count, o.retry_delay, o.retry_backoff, q.retry_delay_max, q.expire_seconds,
           q.deletion_seconds, o.keep_until, q.policy, q.dead_letter, q.heartbeat_seconds, o.start_after,
           o.created_on, o.singleton_key, o.singleton_on
    from ${PG_BOSS_10_SCHEMA}.job o join ${JOB_SCHEMA}.queue q on q.name = o.name
    where o.state::text in ('created', 'retry', 'active')
    on conflict do nothing;
    drop schema ${PG_BOSS_10_SCHEMA} cascade;
    commit;`);
  } catch (error) {
    // The connection goes on serving (PGlite's only one): it must not be left in the failed transaction.
    await db.executeSql('rollback').catch(() => undefined);
    throw error;
  }
}
