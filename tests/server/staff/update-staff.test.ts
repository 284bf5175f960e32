import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffUpdate } from '../../../src/domain/staff';
import type { Database } from '../../../server/db/client';
import { staff } from '../../../server/db/schema';
import { updateStaff } from '../../../server/staff/update-staff';
import { eventually } from '../integrations/support/eventually';
import { selectRows } from '../resilience/support/api-oracle';
import { DRIVERS, openTestDatabase } from '../helpers/test-database';

const FIRST = 'owner-1';
const SECOND = 'owner-2';

describe.each(DRIVERS)('the last owner under concurrent changes on %s', (driver) => {
  let database: Database;
  beforeEach(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(staff).values([
      { id: FIRST, email: 'first.owner@wash.example', role: 'owner' },
      { id: SECOND, email: 'second.owner@wash.example', role: 'owner' },
    ]);
  });
  afterEach(() => database.close());

  /** A change as the console's PATCH and `npm run staff -- disable` make it: updateStaff in a transaction. */
  const change = (id: string, update: StaffUpdate) => database.db.transaction((tx) => updateStaff(tx, id, update));
  const enabledOwners = async () =>
    (
      await database.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false)))
    ).map((row) => row.id);

  it('lets one of the last two owners demoting and disabling each other at once through', async () => {
    const outcomes = await Promise.allSettled([
      change(FIRST, { disabled: true }),
      change(SECOND, { role: 'manager', sites: ['7'] }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { status: 409, code: 'last_owner' },
    });
    expect(await enabledOwners()).toHaveLength(1);
  });

  // PGlite runs one transaction at a time on its one connection: only PostgreSQL can interleave the two.
  it.runIf(driver === 'postgres')(
    'refuses the second change while the first, past its check, is still open: one owner remains',
    async () => {
      let checked!: () => void;
      const firstChecked = new Promise<void>((resolve) => (checked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const first = database.db.transaction(async (tx) => {
        const changed = await updateStaff(tx, FIRST, { disabled: true });
        checked();
        await released;
        return changed;
      });
      await firstChecked;

      let secondSettled = false;
      const second = change(SECOND, { role: 'manager', sites: ['7'] }).finally(() => (secondSettled = true));
      // The second either finishes on its own (its check saw the first owner still enabled: the bug) or waits for
      // the first's locks; only then may the first commit.
      const waitingOnLock = async () =>
        (
          await selectRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0]!.n > 0;
      const readyToRelease = await eventually(
        async () => secondSettled || (await waitingOnLock()),
        (ready) => ready,
      );
      release();
      const [firstOutcome, secondOutcome] = await Promise.allSettled([first, second]);

      expect(readyToRelease).toBe(true);
      expect(firstOutcome.status).toBe('fulfilled');
      expect(secondOutcome).toMatchObject({ status: 'rejected', reason: { status: 409, code: 'last_owner' } });
      expect(await enabledOwners()).toEqual([SECOND]);
    },
  );
});
