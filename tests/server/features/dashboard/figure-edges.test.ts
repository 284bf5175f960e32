import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures } from '../../../../server/features/dashboard/dashboard-figures';
import type { Database } from '../../../../server/platform/db/client';
import { eraseMember } from '../../../../server/features/members/erase-member';
import type { DashboardFigures } from '../../../../src/domain/dashboard';
import { FIGURES, type FigureName } from '../../../../src/domain/figures';
import { at, fixtureSeeder } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

/**
 * Each figure src/domain/figures.ts defines, at its edges, on one fixture built once: codes issued on the first and
 * last instant of the range and just outside it, a member who answers three times (and once after the range), an
 * empty survey, an unanswered recommend question, a sign-up without a code, an erased member, cases on every side of
 * their due time, and a range with nothing in it. The days are UTC's here; tests/server/features/dashboard/two-zones.test.ts
 * walks them on two sites' clocks.
 */
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const NOTHING = { from: '2027-01-01', to: '2027-01-31' };
const NOW = at('2026-12-01T06:00:00');
const S = 'edge-site';

type Pick = (figures: DashboardFigures) => unknown;

/**
 * Per figure: what the console reads it from, its value for November (with why, at each edge), and for a range with
 * nothing in it. `satisfies Record<FigureName, …>`: a figure defined without edges here does not compile.
 */
const EDGES = {
  // Five codes in the range (its first and last instant included); the code a second before it, the one at the
  // next day's first instant, the sign-up without a code and the erased member's code are out.
  codesIssued: { read: (f) => f.funnel.issued, november: 5, nothing: 0 },
  // One of the five was never opened; one was opened only after the range ended.
  linksOpened: { read: (f) => f.funnel.opened, november: 4, nothing: 0 },
  // The code issued on the range's last second and completed the next day counts: its cohort is the issue's.
  profilesCompleted: { read: (f) => f.funnel.completed, november: 3, nothing: 0 },
  completionRate: { read: (f) => f.funnel.completionRate, november: 3 / 5, nothing: null },
  // 20, 30 and 40 minutes: the code a second before the range (60 min) and the uncompleted ones are left out.
  timeToComplete: { read: (f) => f.funnel.medianMinutesToComplete, november: 30, nothing: null },
  // The repeat respondent's four responses in the range; their December one, the empty one and the erased
  // member's are out.
  surveys: { read: (f) => f.feedback.surveys, november: 4, nothing: 0 },
  emptySurveys: { read: (f) => f.feedback.empty, november: 1, nothing: 0 },
  // Three completed in November (one from a code issued in October); the repeat respondent counts once, the member
  // who answered only in December counts, the one whose only survey was empty does not.
  respondents: {
    read: (f) => [f.feedback.respondents, f.feedback.offered],
    november: [2, 3],
    nothing: [0, 0],
  },
  responseRate: { read: (f) => f.feedback.responseRate, november: 2 / 3, nothing: null },
  // 10, 9 and 6: the unanswered survey is in no band.
  nps: { read: (f) => f.feedback.nps, november: 33, nothing: null },
  npsBands: {
    read: (f) => [f.feedback.promoters, f.feedback.passives, f.feedback.detractors],
    november: [2, 0, 1],
    nothing: [0, 0, 0],
  },
  // Recommend 10, 9, 6 (0 left out); wash 8, 5, 7 (0 left out).
  averageScores: {
    read: (f) => [f.feedback.averages.recommendToOthersScore, f.feedback.averages.washQualityScore],
    november: [8.3, 6.7],
    nothing: [null, null],
  },
  // Six in the range; the one opened an hour before it and the erased member's are out.
  casesOpened: { read: (f) => f.followUps.opened, november: 6, nothing: 0 },
  // Waiting for a first contact: one past its due time, one within it.
  openCases: { read: (f) => f.followUps.open, november: 2, nothing: 0 },
  // The contacted case past its due time is in hand, not overdue.
  overdueCases: { read: (f) => f.followUps.overdue, november: 1, nothing: 0 },
  // 30, 60, 120 and 360 minutes; the two never contacted are left out.
  timeToFirstContact: { read: (f) => f.followUps.medianMinutesToFirstContact, november: 90, nothing: null },
  // Kept 1 of the 4 decided (resolved in time; resolved late; open past due; contacted past due); the two still
  // within their time are in neither.
  resolvedBeforeDue: {
    read: (f) => [f.followUps.resolvedOnTime, f.followUps.resolvedOnTimeRate],
    november: [1, 1 / 4],
    nothing: [0, null],
  },
  // Wash quality from a promoter, a detractor and an unanswered survey; staff from a promoter. The erased member's
  // and the sign-up's "scratched" are in no theme.
  themes: {
    read: (f) => f.themes.map(({ siteId, ...entry }) => ({ ...entry, site: siteId })),
    november: [
      { site: S, theme: 'wash_quality', surveys: 3, promoters: 1, passives: 0, detractors: 1 },
      { site: S, theme: 'staff', surveys: 1, promoters: 1, passives: 0, detractors: 0 },
    ],
    nothing: [],
  },
} satisfies Record<FigureName, { read: Pick; november: unknown; nothing: unknown }>;

describe.each(DRIVERS)('each dashboard figure at its edges on %s', (driver) => {
  let database: Database;
  let november: DashboardFigures;
  let nothing: DashboardFigures;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const seed = fixtureSeeder(database);
    const repeat = await seed.code({
      site: S,
      issued: '2026-11-01T00:00:00',
      opened: '2026-11-01T00:05:00',
      completed: '2026-11-01T00:20:00',
    });
    await seed.survey(repeat.customerId, { at: '2026-11-02T10:00:00', recommend: 10, wash: 8, comments: 'Spotless.' });
    await seed.survey(repeat.customerId, { at: '2026-11-03T10:00:00', recommend: 9, comments: 'Friendly staff.' });
    const detractor = await seed.survey(repeat.customerId, {
      at: '2026-11-04T00:00:00',
      recommend: 6,
      wash: 5,
      comments: 'Still dirty wheels.',
    });
    await seed.survey(repeat.customerId, {
      at: '2026-11-05T10:00:00',
      recommend: 0,
      wash: 7,
      comments: 'Soap residue.',
    });
    // Issued on the range's last second, opened and completed after it.
    await seed.code({
      site: S,
      issued: '2026-11-30T23:59:59',
      opened: '2026-12-01T00:10:00',
      completed: '2026-12-01T00:29:59',
    });
    // Issued a second before the range, completed in it; answers only after it.
    const lateAnswer = await seed.code({ site: S, issued: '2026-10-31T23:59:59', completed: '2026-11-01T01:00:00' });
    await seed.survey(lateAnswer.customerId, { at: '2026-12-01T00:00:00', recommend: 8 });
    const emptyOnly = await seed.code({
      site: S,
      issued: '2026-11-10T10:00:00',
      opened: '2026-11-10T10:01:00',
      completed: '2026-11-10T10:40:00',
    });
    await seed.survey(emptyOnly.customerId, { at: '2026-11-10T10:45:00', recommend: 0 });
    await seed.code({ site: S, issued: '2026-11-12T09:00:00', opened: '2026-11-12T09:01:00' });
    await seed.code({ site: S, issued: '2026-11-12T10:00:00' });
    await seed.code({ site: S, issued: '2026-12-01T00:00:00', opened: '2026-12-01T00:01:00' });
    const signUp = await seed.code({
      site: S,
      issued: '2026-11-05T10:00:00',
      completed: '2026-11-05T10:10:00',
      manual: true,
    });
    await seed.survey(signUp.customerId, { at: '2026-11-05T10:20:00', recommend: 1, comments: 'Scratched my door.' });
    const erased = await seed.code({
      site: S,
      issued: '2026-11-15T10:00:00',
      opened: '2026-11-15T10:01:00',
      completed: '2026-11-15T10:10:00',
    });
    const erasedSurvey = await seed.survey(erased.customerId, {
      at: '2026-11-15T10:15:00',
      recommend: 2,
      comments: 'Scratched my door.',
    });
    await seed.followUp({
      customerId: erased.customerId,
      surveyId: erasedSurvey,
      site: S,
      opened: '2026-11-15T10:15:00',
      due: '2026-11-16T10:15:00',
    });

    const member = repeat.customerId;
    const followUp = (c: { opened: string; due: string; contacted?: string; resolved?: string }) =>
      seed.followUp({ customerId: member, site: S, ...c });
    await seed.followUp({
      customerId: member,
      surveyId: detractor,
      site: S,
      opened: '2026-11-04T00:00:00',
      due: '2026-11-05T00:00:00',
      contacted: '2026-11-04T00:30:00',
      resolved: '2026-11-04T12:00:00',
    });
    await followUp({
      opened: '2026-11-20T00:00:00',
      due: '2026-11-21T00:00:00',
      contacted: '2026-11-20T02:00:00',
      resolved: '2026-11-22T00:00:00',
    });
    await followUp({ opened: '2026-11-25T00:00:00', due: '2026-11-26T00:00:00' });
    await followUp({ opened: '2026-11-26T00:00:00', due: '2026-11-27T00:00:00', contacted: '2026-11-27T06:00:00' });
    await followUp({ opened: '2026-11-30T12:00:00', due: '2026-12-01T12:00:00', contacted: '2026-11-30T13:00:00' });
    await followUp({ opened: '2026-11-30T20:00:00', due: '2026-12-01T20:00:00' });
    await followUp({ opened: '2026-10-31T23:00:00', due: '2026-11-01T23:00:00' });

    expect(await eraseMember(database.db, erased.email, { actor: { kind: 'cli' } })).not.toBeNull();
    const scope = { sites: 'all' as const, site: null };
    [november, nothing] = await Promise.all([
      dashboardFigures(database.db, scope, NOVEMBER, NOW),
      dashboardFigures(database.db, scope, NOTHING, NOW),
    ]);
  });
  afterAll(() => database.close());

  it.each(Object.keys(EDGES) as FigureName[])('%s: counted as defined, and empty in a range with nothing', (name) => {
    const edge: { read: Pick; november: unknown; nothing: unknown } = EDGES[name];
    expect(FIGURES[name].definition).not.toBe('');
    expect(edge.read(november)).toEqual(edge.november);
    expect(edge.read(nothing)).toEqual(edge.nothing);
  });

  it('never puts a rate above 100%', () => {
    const rates = [
      november.funnel.completionRate,
      november.feedback.responseRate,
      november.followUps.resolvedOnTimeRate,
    ];
    expect(rates.filter((rate) => rate === null || rate < 0 || rate > 1)).toEqual([]);
    expect(rates).toHaveLength(3);
  });
});
