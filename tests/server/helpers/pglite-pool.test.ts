import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrations } from '../../../server/platform/db/schema';
import { openTestDatabase } from './test-database';

/** The suites trust a lent database to be a fresh copy: what they could otherwise see of the suite before. */
describe('the embedded databases lent to suite after suite', () => {
  const rowsOf = async (database: Awaited<ReturnType<typeof openTestDatabase>>, table: string) =>
    (await database.executor.executeSql(`select count(*)::int as n from ${table}`)).rows[0]!.n;

  it("come back empty, with the job queue as installed and the session's settings reset, and refuse queries once closed", async () => {
    const first = await openTestDatabase('pglite');
    const queues = await rowsOf(first, 'pgboss.queue');
    expect(queues).toBeGreaterThan(0);
    await first.db
      .insert(registrations)
      .values({ id: 'left-behind', mobileNumber: '+12015550143', saleDate: new Date() });
    await first.executor.executeSql("set timezone to 'Pacific/Auckland'");
    await first.close();
    await expect(first.db.select().from(registrations)).rejects.toMatchObject({
      cause: new Error('PGlite is closed'),
    });

    const second = await openTestDatabase('pglite');
    try {
      expect(await rowsOf(second, 'registrations')).toBe(0);
      expect(await rowsOf(second, 'pgboss.queue')).toBe(queues);
      expect((await second.executor.executeSql('show timezone')).rows[0]!.TimeZone).not.toBe('Pacific/Auckland');
    } finally {
      await second.close();
    }
  });

  it('are not lent again once a suite changed their structure', async () => {
    const changed = await openTestDatabase('pglite');
    await changed.db.execute(sql`create table only_in_this_suite (id int)`);
    await changed.close();

    const next = await openTestDatabase('pglite');
    try {
      const { rows } = await next.executor.executeSql(`select to_regclass('only_in_this_suite')::text as found`);
      expect(rows[0]!.found).toBeNull();
    } finally {
      await next.close();
    }
  });
});
