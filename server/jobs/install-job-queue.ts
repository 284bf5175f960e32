import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/sql-executor';
import { JOB_SCHEMA, policyOf, QUEUES } from './queues';

const bossOptions = (db: SqlExecutor) => ({
  db,
  schema: JOB_SCHEMA,
  supervise: false,
  schedule: false,
  migrate: true,
});

/** Creates (or updates) pg-boss's tables and our queues; part of bringing the database's schema up to date. */
export async function installJobQueue(db: SqlExecutor): Promise<void> {
  const boss = new PgBoss(bossOptions(db));
  boss.on('error', () => undefined);
  await boss.start();
  try {
    for (const name of Object.values(QUEUES)) {
      const policy = policyOf(name);
      if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...policy });
      else await boss.createQueue(name, { name, ...policy });
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}
