import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffUpdate } from '../../../../src/domain/staff';
import type { Database } from '../../../../server/platform/db/client';
import { followUpCases, followUpEvents, staff } from '../../../../server/platform/db/schema';
import { assignFollowUp } from '../../../../server/features/follow-ups/assign-follow-up';
import { listFollowUps } from '../../../../server/features/follow-ups/list-follow-ups';
import { updateStaff } from '../../../../server/features/staff/update-staff';
import { eventually } from '../integrations/support/eventually';
import { selectRows } from '../../resilience/support/api-oracle';
import { caseSeeder } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

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
  const change = (id: string, update: StaffUpdate) =>
    database.db.transaction((tx) => updateStaff(tx, id, update, { kind: 'cli' }));
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
        const changed = await updateStaff(tx, FIRST, { disabled: true }, { kind: 'cli' });
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

const OWNER = 'owner-1';
const MANAGER = 'manager-1';
const COLLEAGUE = 'manager-2';
const BY_OWNER = { kind: 'staff', id: OWNER } as const;

describe.each(DRIVERS)("a staff member's follow-up cases when what they may see changes on %s", (driver) => {
  let database: Database;
  let followUp: ReturnType<typeof caseSeeder>;
  beforeEach(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(staff).values([
      { id: OWNER, email: 'owner@wash.example', role: 'owner', name: 'Olive Owner' },
      { id: MANAGER, email: 'pat@wash.example', role: 'manager', sites: ['7', '8'], name: 'Pat Lopez' },
      { id: COLLEAGUE, email: 'lee@wash.example', role: 'manager', sites: ['7'] },
    ]);
    followUp = caseSeeder(database);
  });
  afterEach(() => database.close());

  /** A case at `site`, assigned to `assignee`, open unless a status is given. */
  const assignedCase = async (site: string, assignee: string, status: 'contacted' | 'resolved' | 'open' = 'open') => {
    const id = await followUp({
      site,
      opened: '2026-05-10T09:00:00',
      due: '2026-05-12T09:00:00',
      ...(status === 'open' ? {} : { contacted: '2026-05-10T10:00:00' }),
      ...(status === 'resolved' ? { resolved: '2026-05-10T11:00:00', rootCause: 'staff' as const } : {}),
    });
    await database.db.update(followUpCases).set({ assigneeId: assignee }).where(eq(followUpCases.id, id));
    return id;
  };
  const change = (id: string, update: StaffUpdate) =>
    database.db.transaction((tx) => updateStaff(tx, id, update, BY_OWNER));
  /** Each case of the inbox (an owner's: every site) with the id of whom it shows as its assignee. */
  const inbox = async () =>
    Object.fromEntries(
      (await listFollowUps(database.db, 'all', { limit: 50 })).results.map((row) => [row.id, row.assignee?.id ?? null]),
    );
  const timeline = async (caseId: string) =>
    (await database.db.select().from(followUpEvents).where(eq(followUpEvents.caseId, caseId))).map((entry) => ({
      kind: entry.kind,
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      text: entry.text,
    }));

  it('gives back the open cases of the sites a manager loses, in the timeline; keeps the rest', async () => {
    const lost = await assignedCase('7', MANAGER);
    const lostContacted = await assignedCase('7', MANAGER, 'contacted');
    const kept = await assignedCase('8', MANAGER);
    const resolved = await assignedCase('7', MANAGER, 'resolved');
    const colleagues = await assignedCase('7', COLLEAGUE);
    const owners = await assignedCase('7', OWNER);

    await change(MANAGER, { sites: ['8'] });
    // An owner sees every site: a change that leaves them one gives nothing back.
    await change(OWNER, { role: 'owner' });

    expect(await inbox()).toEqual({
      [lost]: null,
      [lostContacted]: null,
      [kept]: MANAGER,
      [resolved]: MANAGER,
      [colleagues]: COLLEAGUE,
      [owners]: OWNER,
    });
    expect(await timeline(lost)).toEqual([
      {
        kind: 'assigned',
        actorKind: 'staff',
        actorId: OWNER,
        text: 'Unassigned: Pat Lopez no longer works at this site.',
      },
    ]);
    expect(await timeline(kept)).toEqual([]);
    expect(await timeline(resolved)).toEqual([]);
  });

  it('gives back every open case of someone disabled, and the other sites’ cases of an owner made a manager', async () => {
    const atSeven = await assignedCase('7', MANAGER);
    const atEight = await assignedCase('8', MANAGER);
    const ownersAtSeven = await assignedCase('7', OWNER);
    const ownersAtEight = await assignedCase('8', OWNER);
    await database.db.insert(staff).values({ id: 'owner-2', email: 'second@wash.example', role: 'owner' });

    await change(MANAGER, { disabled: true });
    await change(OWNER, { role: 'manager', sites: ['8'] });

    expect(await inbox()).toEqual({ [atSeven]: null, [atEight]: null, [ownersAtSeven]: null, [ownersAtEight]: OWNER });
    expect((await timeline(atEight)).map((entry) => entry.text)).toEqual([
      'Unassigned: Pat Lopez can no longer sign in.',
    ]);
    expect((await timeline(ownersAtSeven)).map((entry) => entry.text)).toEqual([
      'Unassigned: Olive Owner no longer works at this site.',
    ]);
    // A change that takes nothing away gives nothing back.
    await change(OWNER, { sites: ['8', '9'] });
    expect(await inbox()).toMatchObject({ [ownersAtEight]: OWNER });
  });

  it('counts only an enabled owner against the last owner: with none enabled, a manager and a disabled owner change', async () => {
    await database.db.update(staff).set({ disabled: true }).where(eq(staff.id, OWNER));
    expect(await change(MANAGER, { disabled: true })).toMatchObject({ id: MANAGER, disabled: true });
    expect(await change(OWNER, { role: 'manager', sites: ['8'] })).toMatchObject({ role: 'manager', disabled: true });
  });

  /** Whether some statement of this database waits for a lock another transaction holds. */
  const waitingOnLock = async () =>
    (
      await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )
    )[0]!.n > 0;

  // An assignment locks its case, then its new assignee's row; a change to staff locks every enabled owner's row.
  it.runIf(driver === 'postgres')(
    'lets an owner give a case to another owner while its assignee’s sites change: one waits, neither deadlocks',
    async () => {
      const caseId = await assignedCase('7', MANAGER);
      await database.db.insert(staff).values({ id: 'owner-2', email: 'second@wash.example', role: 'owner' });
      let locked!: () => void;
      const caseLocked = new Promise<void>((resolve) => (locked = resolve));
      let proceed!: () => void;
      const mayProceed = new Promise<void>((resolve) => (proceed = resolve));
      const giving = database.db.transaction(async (tx) => {
        await tx.select().from(followUpCases).where(eq(followUpCases.id, caseId)).for('update');
        locked();
        await mayProceed;
        const principal = { kind: 'cli' } as const;
        return assignFollowUp(tx, { principal, scope: 'all', caseId, assigneeId: 'owner-2', now: new Date() });
      });
      await caseLocked;
      const taking = change(MANAGER, { sites: ['8'] });
      await eventually(waitingOnLock, (waiting) => waiting);
      proceed();
      const outcomes = await Promise.allSettled([giving, taking]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await inbox()).toEqual({ [caseId]: 'owner-2' });
    },
  );

  // PGlite runs one transaction at a time on its one connection: only PostgreSQL can interleave the two.
  it.runIf(driver === 'postgres')(
    'refuses a case to a manager whose site is being taken away, once the change commits',
    async () => {
      const caseId = await followUp({ site: '7', opened: '2026-05-10T09:00:00', due: '2026-05-12T09:00:00' });
      let changed!: () => void;
      const sitesChanged = new Promise<void>((resolve) => (changed = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const taking = database.db.transaction(async (tx) => {
        await updateStaff(tx, MANAGER, { sites: ['8'] }, BY_OWNER);
        changed();
        await released;
      });
      await sitesChanged;

      let assignSettled = false;
      const assigning = database.db
        .transaction((tx) =>
          assignFollowUp(tx, {
            principal: { kind: 'cli' },
            scope: 'all',
            caseId,
            assigneeId: MANAGER,
            now: new Date(),
          }),
        )
        .finally(() => (assignSettled = true));
      // The assignment either finishes on its own (it read the sites the change is taking away: the bug) or waits
      // for the change's lock; only then may the change commit.
      const readyToRelease = await eventually(
        async () => assignSettled || (await waitingOnLock()),
        (ready) => ready,
      );
      release();
      const [, assigned] = await Promise.allSettled([taking, assigning]);

      expect(readyToRelease).toBe(true);
      expect(assigned).toMatchObject({ status: 'rejected', reason: { status: 400, code: 'validation_failed' } });
      expect(await inbox()).toEqual({ [caseId]: null });
    },
  );
});
