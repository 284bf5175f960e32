import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpFigures } from '../../../../server/features/dashboard/follow-up-figures';
import type { Database } from '../../../../server/platform/db/client';
import type { RootCause } from '../../../../src/domain/follow-ups';
import { at, caseSeeder } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

const november = { start: at('2026-11-01T00:00:00'), end: at('2026-12-01T00:00:00') };
/** "Now" for every figure below: the 20th of November at noon. */
const now = at('2026-11-20T12:00:00');

describe.each(DRIVERS)('the dashboard’s follow-up figures on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const followUp = caseSeeder(database);
    // Mill Lane ("7"): contacted after 1 h and resolved in time (damage); contacted after 3 h and resolved a day
    // late (damage); open and overdue; open and still within its time.
    await followUp({
      site: '7',
      opened: '2026-11-02T10:00:00',
      due: '2026-11-04T10:00:00',
      contacted: '2026-11-02T11:00:00',
      resolved: '2026-11-03T10:00:00',
      rootCause: 'damage',
    });
    await followUp({
      site: '7',
      opened: '2026-11-05T10:00:00',
      due: '2026-11-07T10:00:00',
      contacted: '2026-11-05T13:00:00',
      resolved: '2026-11-08T10:00:00',
      rootCause: 'damage',
    });
    await followUp({ site: '7', opened: '2026-11-10T10:00:00', due: '2026-11-12T10:00:00' });
    await followUp({ site: '7', opened: '2026-11-20T08:00:00', due: '2026-11-22T08:00:00' });
    // Harbor Road ("12"): contacted after 30 min, not yet resolved, past its due (in hand: not overdue, promise
    // broken); resolved in time without a contact on record (wait time).
    await followUp({
      site: '12',
      opened: '2026-11-06T09:00:00',
      due: '2026-11-08T09:00:00',
      contacted: '2026-11-06T09:30:00',
    });
    await followUp({
      site: '12',
      opened: '2026-11-07T09:00:00',
      due: '2026-11-09T09:00:00',
      resolved: '2026-11-08T09:00:00',
      rootCause: 'wait_time',
    });
    // Opened in October and in December: outside the range.
    await followUp({ site: '7', opened: '2026-10-31T23:59:59', due: '2026-11-02T23:59:59' });
    await followUp({ site: '12', opened: '2026-12-01T00:00:00', due: '2026-12-03T00:00:00' });
  });
  afterAll(() => database.close());

  it('counts the cases opened in the range, in all and by site, as worked out by hand', async () => {
    expect(await followUpFigures(database.db, 'all', november, now)).toEqual({
      opened: 6,
      open: 2,
      overdue: 1,
      // First contacts after 30, 60 and 180 minutes.
      medianMinutesToFirstContact: 60,
      // Kept: two; broken: resolved late, overdue, in hand past due; the case within its time counts in neither.
      resolvedOnTime: 2,
      resolvedOnTimeRate: 0.4,
      sites: [
        {
          siteId: '7',
          opened: 4,
          open: 2,
          overdue: 1,
          medianMinutesToFirstContact: 120,
          resolvedOnTime: 1,
          resolvedOnTimeRate: 1 / 3,
        },
        {
          siteId: '12',
          opened: 2,
          open: 0,
          overdue: 0,
          medianMinutesToFirstContact: 30,
          resolvedOnTime: 1,
          resolvedOnTimeRate: 0.5,
        },
      ],
      rootCauses: [
        { siteId: '12', rootCause: 'wait_time', cases: 1 },
        { siteId: '7', rootCause: 'damage', cases: 2 },
      ],
    });
  });

  it('keeps to the sites asked for: a manager’s, or the one chosen', async () => {
    const harbor = await followUpFigures(database.db, ['12'], november, now);
    expect(harbor).toMatchObject({ opened: 2, open: 0, overdue: 0, resolvedOnTime: 1, resolvedOnTimeRate: 0.5 });
    expect(harbor.sites.map((site) => site.siteId)).toEqual(['12']);
    expect(harbor.rootCauses).toEqual([{ siteId: '12', rootCause: 'wait_time', cases: 1 }]);
  });

  it('reads overdue as of now: the case within its time becomes overdue once its due time passes', async () => {
    const later = await followUpFigures(database.db, ['7'], november, at('2026-11-22T08:00:01'));
    expect(later).toMatchObject({ open: 2, overdue: 2, resolvedOnTime: 1, resolvedOnTimeRate: 0.25 });
  });

  it('lists a site’s root causes the most frequent first', async () => {
    const followUp = caseSeeder(database, 100);
    const resolved = (rootCause: RootCause, day: string) =>
      followUp({
        site: '31',
        opened: `2026-08-${day}T10:00:00`,
        due: `2026-08-${day}T20:00:00`,
        resolved: `2026-08-${day}T12:00:00`,
        rootCause,
      });
    await resolved('damage', '03');
    await resolved('wait_time', '04');
    await resolved('wait_time', '05');
    const august = { start: at('2026-08-01T00:00:00'), end: at('2026-09-01T00:00:00') };
    expect((await followUpFigures(database.db, ['31'], august, now)).rootCauses).toEqual([
      { siteId: '31', rootCause: 'wait_time', cases: 2 },
      { siteId: '31', rootCause: 'damage', cases: 1 },
    ]);
  });

  it('has nothing to count in a range without cases: zeros, and no rate or median', async () => {
    const empty = { start: at('2026-09-01T00:00:00'), end: at('2026-10-01T00:00:00') };
    expect(await followUpFigures(database.db, 'all', empty, now)).toEqual({
      opened: 0,
      open: 0,
      overdue: 0,
      medianMinutesToFirstContact: null,
      resolvedOnTime: 0,
      resolvedOnTimeRate: null,
      sites: [],
      rootCauses: [],
    });
  });
});
