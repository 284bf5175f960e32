import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../../../server/platform/access/principal';
import { dashboardFigures } from '../../../../server/features/dashboard/dashboard-figures';
import { dayClock } from '../../../../server/features/dashboard/day-clock';
import type { Database } from '../../../../server/platform/db/client';
import { sites } from '../../../../server/platform/db/schema';
import { feedbackThemes, listFeedback } from '../../../../server/features/feedback/list-feedback';
import { dueInWords } from '../../../../server/features/follow-ups/alerts/alert-words';
import { listMembers } from '../../../../server/features/members/list-members';
import type { StaffMember } from '../../../../src/domain/staff';
import { at, fixtureSeeder } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

/**
 * An owner with a site on each coast (decision 046). Each site issues a code, the member completes and answers at
 * 11:30 PM on the site's own clock on 19 November: the New York one at 04:30 UTC on the 20th, the Los Angeles one at
 * 07:30 UTC, 2:30 AM on the 20th in New York. A day filter counts the site's calendar days, or for all sites the
 * owner's zone (DEFAULT_TIMEZONE, New York, while they have set none); UTC days would put both on the 20th.
 */
const DEFAULT_ZONE = 'America/New_York';
const owner: Principal = {
  kind: 'staff',
  staff: { id: 'owner-two-zones', role: 'owner', sites: [] } as unknown as StaffMember,
};

describe.each(DRIVERS)('an owner with sites in two zones, on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.db.insert(sites).values([
      { id: 'la', name: 'Sunset Blvd', named: true, timeZone: 'America/Los_Angeles' },
      { id: 'ny', name: 'Broadway', named: true, timeZone: 'America/New_York' },
    ]);
    const seed = fixtureSeeder(database, 700);
    for (const [site, instant] of [
      ['ny', '2026-11-20T04:30:00'],
      ['la', '2026-11-20T07:30:00'],
    ] as const) {
      const code = await seed.code({ site, issued: instant, opened: instant, completed: instant });
      await seed.survey(code.customerId, { at: instant, recommend: 3, comments: 'Still dirty after the wash.' });
    }
  });
  afterAll(() => database.close());

  /** What the owner reads for one day and one site (or all), as the routes ask for it. */
  async function day(date: string, site?: 'la' | 'ny') {
    const clock = await dayClock(database.db, owner, site, DEFAULT_ZONE);
    const scope = site ? [site] : ('all' as const);
    const filters = { from: date, to: date, site, timeZone: clock.timeZone };
    const [figures, members, feedback, themes] = await Promise.all([
      dashboardFigures(database.db, { sites: scope, site: site ?? null, ...clock }, filters),
      listMembers(database.db, scope, { limit: 50, ...filters }),
      listFeedback(database.db, scope, { limit: 50, ...filters }),
      feedbackThemes(database.db, scope, filters),
    ]);
    return {
      range: figures.range,
      issued: figures.funnel.issued,
      completed: figures.feedback.offered,
      surveys: figures.feedback.surveys,
      members: members.results.map((member) => member.siteId),
      feedback: feedback.results.map((entry) => entry.siteId),
      complaints: themes.themes.map((entry) => [entry.theme, entry.detractors]),
    };
  }

  it("counts a site's day on the site's clock: each site's 11:30 PM is on the 19th", async () => {
    const complaint = [['wash_quality', 1]];
    for (const site of ['la', 'ny'] as const) {
      expect(await day('2026-11-19', site)).toEqual({
        range: {
          from: '2026-11-19',
          to: '2026-11-19',
          timeZone: site === 'la' ? 'America/Los_Angeles' : DEFAULT_ZONE,
          clock: 'site',
        },
        issued: 1,
        completed: 1,
        surveys: 1,
        members: [site],
        feedback: [site],
        complaints: complaint,
      });
      expect((await day('2026-11-20', site)).issued).toBe(0);
    }
  });

  it("counts all sites' days on the owner's zone: Los Angeles's 11:30 PM is New York's 20th", async () => {
    const nineteenth = await day('2026-11-19');
    expect(nineteenth).toMatchObject({
      range: { timeZone: DEFAULT_ZONE, clock: 'reader' },
      issued: 1,
      members: ['ny'],
      feedback: ['ny'],
    });
    expect(await day('2026-11-20')).toMatchObject({ issued: 1, surveys: 1, members: ['la'], feedback: ['la'] });
  });

  it("writes a case's due time in the alert email on its site's clock, zone named", () => {
    const due = at('2026-11-21T14:03:00');
    expect(dueInWords(due, 'America/Los_Angeles', 'en')).toBe('Saturday 21 November, 6:03 AM PST');
    expect(dueInWords(due, 'America/New_York', 'en')).toBe('Saturday 21 November, 9:03 AM EST');
  });
});
