import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteExecutor, postgresExecutor, type SqlExecutor } from '../../../../server/platform/db/sql-executor';
import { installJobQueue } from '../../../../server/platform/jobs/install-job-queue';
import { JOB_SCHEMA, QUEUES, RETRY_POLICY } from '../../../../server/platform/jobs/queues';
import { createScratchDatabase } from '../../helpers/test-database';

const PG_BOSS_10_SCHEMA = readFileSync(new URL('fixtures/pg-boss-10-schema.sql', import.meta.url), 'utf8');

const ID = {
  waiting: '00000000-0000-4000-8000-000000000001',
  held: '00000000-0000-4000-8000-000000000002',
  taken: '00000000-0000-4000-8000-000000000003',
  done: '00000000-0000-4000-8000-000000000004',
};
const HELD_UNTIL = '2030-01-01T14:00:00.000Z';

/** A database as Club Profile on pg-boss 10 left it: a queue with jobs waiting, held, taken and done. */
async function pgBoss10Installation(db: SqlExecutor): Promise<void> {
  await db.executeSql(PG_BOSS_10_SCHEMA);
  await db.executeSql(
    `select pgboss.create_queue('${QUEUES.smsDelivery}',
       '{"policy":"standard","retryLimit":20,"retryDelay":10,"retryBackoff":true,"expireInSeconds":120}')`,
  );
  // As pg-boss 10's send() wrote them: the queue's retry policy copied onto each job.
  const job = (id: string, messageId: string, state: string, retries: number, startAfter = 'now()', key = 'null') =>
    `('${id}', '${QUEUES.smsDelivery}', '{"messageId":"${messageId}"}', '${state}', ${retries}, ${startAfter}, ${key},
      ${key === 'null' ? 'null' : `${startAfter}::timestamptz at time zone 'UTC'`}, 20, 10, true, '2 minutes', 'standard')`;
  await db.executeSql(`
    insert into pgboss.job (id, name, data, state, retry_count, start_after, singleton_key, singleton_on, retry_limit,
                            retry_delay, retry_backoff, expire_in, policy)
    values ${[
      job(ID.waiting, 'm1', 'created', 0),
      job(ID.held, 'm2', 'retry', 3, `'${HELD_UNTIL}'`, "'m2'"),
      job(ID.taken, 'm3', 'active', 1),
      job(ID.done, 'm4', 'completed', 0),
    ].join(', ')}`);
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openEmpty(driver: 'pglite' | 'postgres'): Promise<SqlExecutor> {
  if (driver === 'pglite') {
    const client = await PGlite.create();
    cleanups.push(() => client.close());
    return pgliteExecutor(client);
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, { empty: true });
  cleanups.push(scratch.drop);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  cleanups.push(() => client.end());
  return postgresExecutor(client);
}

const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

// Each test installs pg-boss 12's tables afresh, seconds on PGlite and more on a busy machine.
describe.each(drivers)('a database made by pg-boss 10, on %s', { timeout: 120_000 }, (driver) => {
  it("goes on in pg-boss 12's tables with the jobs it had not finished, taken ones due again", async () => {
    const db = await openEmpty(driver);
    await pgBoss10Installation(db);

    await installJobQueue(db);

    const { rows: jobs } = await db.executeSql(
      `select id, data, state::text, retry_count as "retryCount", start_after as "startAfter",
              singleton_key as "singletonKey", retry_limit as "retryLimit", expire_seconds as "expireSeconds"
       from ${JOB_SCHEMA}.job order by id`,
    );
    const moved = { retryLimit: RETRY_POLICY.retryLimit, expireSeconds: RETRY_POLICY.expireInSeconds };
    expect(jobs.map((job) => ({ ...job, startAfter: new Date(job.startAfter as string).toISOString() }))).toEqual([
      expect.objectContaining({ id: ID.waiting, data: { messageId: 'm1' }, state: 'created', retryCount: 0, ...moved }),
      {
        id: ID.held,
        data: { messageId: 'm2' },
        state: 'retry',
        retryCount: 3,
        startAfter: HELD_UNTIL,
        singletonKey: 'm2',
        ...moved,
      },
      expect.objectContaining({ id: ID.taken, data: { messageId: 'm3' }, state: 'retry', retryCount: 1 }),
    ]);
    const { rows: schemas } = await db.executeSql(
      `select nspname as name from pg_namespace where nspname like '${JOB_SCHEMA}%' order by nspname`,
    );
    expect(schemas).toEqual([{ name: JOB_SCHEMA }]);

    // pg-boss 12 hands the moved jobs to a worker: the waiting one, and the one a worker had taken.
    const boss = new PgBoss({ db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      const fetched = await boss.fetch<{ messageId: string }>(QUEUES.smsDelivery, { batchSize: 10 });
      expect(fetched.map((job) => job.data.messageId).sort()).toEqual(['m1', 'm3']);
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  it('finishes the move on the next start when it stopped after setting the old tables aside', async () => {
    const db = await openEmpty(driver);
    await pgBoss10Installation(db);
    await db.executeSql(`alter schema ${JOB_SCHEMA} rename to ${JOB_SCHEMA}_v10`);

    await installJobQueue(db);
    await installJobQueue(db);

    const { rows } = await db.executeSql(`select count(*)::int as jobs from ${JOB_SCHEMA}.job`);
    expect(rows).toEqual([{ jobs: 3 }]);
  });
});
