import { FEEDBACK_DEFAULTS } from '../../../../src/domain/invitations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { createSite, ensureSites, findSite, listSites, updateSite } from '../../../../server/features/sites/sites';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const ZONE = 'America/Chicago';
const WINDOW = { start: '09:00', end: '20:00' };

// The sites service asked directly (the routes' access rules are tests/server/features/sites/sites.routes.test.ts): what a list
// holds, what a partial change leaves alone. Plain SQL: the embedded database only.
describe.each(EMBEDDED_ONLY)('the sites service on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // The point-of-sale sends "7" twice and "12" once: one site each, waiting for a name.
    await ensureSites(database.db, ['7', '12', '7']);
    await ensureSites(database.db, []);
  });
  afterAll(() => database.close());

  /** A site the point-of-sale made, or a staff member's not yet made, as it waits for a name. */
  const waiting = (id: string) => ({
    id,
    name: `Site ${id}`,
    address: '',
    timeZone: ZONE,
    reviewUrl: null,
    smsWindow: WINDOW,
    active: true,
    named: false,
    ...FEEDBACK_DEFAULTS,
  });

  it('makes a site once per id the point-of-sale sends, named "Site {id}" and marked for naming', async () => {
    expect(await listSites(database.db, 'all', ZONE, WINDOW)).toEqual([waiting('12'), waiting('7')]);
  });

  it('lists a manager’s sites only, one with no row yet as "Site {id}" after the known ones, and none for none', async () => {
    const listed = await listSites(database.db, ['7', '44'], ZONE, WINDOW);
    expect(listed.map((site) => [site.id, site.name, site.named])).toEqual([
      ['7', 'Site 7', false],
      ['44', 'Site 44', false],
    ]);
    expect(listed[1]).toMatchObject({ timeZone: ZONE, smsWindow: WINDOW, active: true, reviewUrl: null });
    expect(await listSites(database.db, [], ZONE, WINDOW)).toEqual([]);
    expect(await findSite(database.db, '44', ZONE)).toBeNull();
  });

  it('changes only what a change names: a review page alone leaves the site unnamed, a name marks it named', async () => {
    await database.db.transaction(async (tx) => {
      const reviewed = await updateSite(tx, '12', { reviewUrl: 'https://g.page/r/12/review' }, ZONE, WINDOW);
      expect(reviewed).toMatchObject({ name: 'Site 12', named: false, reviewUrl: 'https://g.page/r/12/review' });
      const renamed = await updateSite(tx, '12', { name: 'Evanston', timeZone: 'America/New_York' }, ZONE, WINDOW);
      expect(renamed).toMatchObject({
        name: 'Evanston',
        named: true,
        timeZone: 'America/New_York',
        reviewUrl: 'https://g.page/r/12/review',
        active: true,
      });
      const closed = await updateSite(tx, '12', { active: false, address: '1 Main St' }, ZONE, WINDOW);
      expect(closed).toMatchObject({ name: 'Evanston', address: '1 Main St', active: false });
      expect(await updateSite(tx, '99', { name: 'Nowhere' }, ZONE, WINDOW)).toBeNull();
    });
    // A site made again by the point-of-sale keeps its name.
    await ensureSites(database.db, ['12']);
    expect(await findSite(database.db, '12', ZONE)).toMatchObject({ name: 'Evanston', named: true });
  });

  it('keeps an owner’s new site and its own sending window, and follows SMS_WINDOW again once it is cleared', async () => {
    await database.db.transaction(async (tx) => {
      const north = {
        id: 'north-3',
        name: 'North',
        address: '3 North Rd',
        timeZone: 'America/Denver',
        reviewUrl: null,
        smsWindow: { start: '10:00', end: '18:00' },
      };
      expect(await createSite(tx, north, ZONE, WINDOW)).toEqual({
        ...north,
        active: true,
        named: true,
        ...FEEDBACK_DEFAULTS,
      });
      // The point-of-sale made it first, or another owner did: the id is taken.
      expect(
        await createSite(tx, { id: 'north-3', name: 'Again', address: '', reviewUrl: null }, ZONE, WINDOW),
      ).toBeNull();
      const moved = await updateSite(tx, 'north-3', { smsWindow: { start: '08:30', end: '21:00' } }, ZONE, WINDOW);
      expect(moved).toMatchObject({
        name: 'North',
        timeZone: 'America/Denver',
        smsWindow: { start: '08:30', end: '21:00' },
      });
      // A change that does not name the window keeps it.
      expect(await updateSite(tx, 'north-3', { name: 'North Side' }, ZONE, WINDOW)).toMatchObject({
        smsWindow: { start: '08:30', end: '21:00' },
      });
      expect(await updateSite(tx, 'north-3', { smsWindow: null }, ZONE, WINDOW)).toMatchObject({ smsWindow: WINDOW });
    });
    expect(await findSite(database.db, 'north-3', ZONE, WINDOW)).toMatchObject({
      name: 'North Side',
      smsWindow: WINDOW,
    });
  });

  it('lists named sites by name, then an id with no row yet as a site waiting for a name', async () => {
    expect(await listSites(database.db, ['north-3', '44', '12'], ZONE, WINDOW)).toEqual([
      expect.objectContaining({ id: '12', name: 'Evanston', named: true }),
      expect.objectContaining({ id: 'north-3', name: 'North Side', named: true }),
      waiting('44'),
    ]);
  });
});
