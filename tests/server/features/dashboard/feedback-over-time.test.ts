import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures, type SiteScope } from '../../../../server/features/dashboard/dashboard-figures';
import type { Database } from '../../../../server/platform/db/client';
import { registrations, sites, surveyInvitations, surveys } from '../../../../server/platform/db/schema';
import type { DashboardFigures } from '../../../../src/domain/dashboard';
import { FEEDBACK_OVER_TIME_FIGURES, type FeedbackOverTimeFigureName } from '../../../../src/domain/figures';
import { at, fixtureSeeder } from '../../helpers/seed-cases';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

/**
 * The figures of feedback after visits and over time (decision 053), at their edges, on one fixture built once.
 * Sites `a` and `c` ask after a visit now, `b` no longer does, `d` is the demo's. Invitations are made on the range's
 * first and last instants and just outside it; one is sent, opened and answered, one answered with an empty survey,
 * one never opened, one waits for the sending window, one is answered only after the range, one is the demo's. Two
 * members answer at sign-up; three answers after a visit come from a member of `a`, a member of `b` (at `a`) and a
 * member who signed up without a code (at `c`). Days are UTC's unless a test names a site's clock.
 */
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const NOTHING = { from: '2027-01-01', to: '2027-01-31' };
const NOW = at('2026-12-01T06:00:00');
const EMPTY_WEEK = { surveys: 0, nps: null };

type Read = (figures: DashboardFigures) => unknown;

/** Per figure: what the console reads, its value for November (with why), and for a range with nothing in it. */
const EDGES = {
  // Made on the range's first instant, 5, 6, 7 November, its last instant (site b), and the 20th (site c); the one a
  // second before, the one at the next day's first instant and the demo's are out.
  invitationsMade: { read: (f) => f.invitations.made, november: 6, nothing: 0 },
  // The one waiting for the sending window is not; the one made on the last instant was sent the next day.
  invitationsSent: { read: (f) => f.invitations.sent, november: 5, nothing: 0 },
  invitationsOpened: { read: (f) => f.invitations.opened, november: 4, nothing: 0 },
  // The empty survey is no answer; the answer given in December to November's invitation counts.
  invitationsAnswered: { read: (f) => f.invitations.answered, november: 3, nothing: 0 },
  invitationOpenRate: { read: (f) => f.invitations.openedRate, november: 4 / 5, nothing: null },
  invitationAnswerRate: { read: (f) => f.invitations.answeredRate, november: 3 / 5, nothing: null },
  // Two at sign-up; after visits the answers of 10, 16 and 24 November (the first to October's invitation); the
  // December answer, the empty one and the demo's are out.
  surveysBySource: {
    read: (f) => [f.feedback.signUp.surveys, f.feedback.afterVisit.surveys, f.feedback.surveys],
    november: [2, 3, 5],
    nothing: [0, 0, 0],
  },
  // Every week the range touches, Monday 26 October (1 November is a Sunday) to Monday 30 November, with its gaps.
  weeklyNps: {
    read: (f) => f.scoreWeeks.map((w) => [w.week, w.all.nps, w.signUp.nps, w.afterVisit.nps]),
    november: [
      ['2026-10-26', null, null, null],
      ['2026-11-02', -100, -100, null],
      ['2026-11-09', 100, 100, 100],
      ['2026-11-16', 0, null, 0],
      ['2026-11-23', 100, null, 100],
      ['2026-11-30', null, null, null],
    ],
    nothing: ['2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25'].map((w) => [w, null, null, null]),
  },
  // Recommend and wash: 6 and 4 (3 Nov); 10 and 9 with 8 and 10 (9–10 Nov); 8 with no wash; 10 with no wash.
  weeklyAverages: {
    read: (f) =>
      f.scoreWeeks.map((w) => [w.week, w.all.averages.recommendToOthersScore, w.all.averages.washQualityScore]),
    november: [
      ['2026-10-26', null, null],
      ['2026-11-02', 6, 4],
      ['2026-11-09', 9.5, 9],
      ['2026-11-16', 8, null],
      ['2026-11-23', 10, null],
      ['2026-11-30', null, null],
    ],
    nothing: ['2026-12-28', '2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25'].map((w) => [w, null, null]),
  },
} satisfies Record<FeedbackOverTimeFigureName, { read: Read; november: unknown; nothing: unknown }>;

describe.each(DRIVERS)('feedback after visits and over time on %s', (driver) => {
  let database: Database;
  let november: DashboardFigures;
  let nothing: DashboardFigures;
  const figures = (sites: SiteScope, query: { from?: string; to?: string } = NOVEMBER, now = NOW, timeZone = 'UTC') =>
    dashboardFigures(database.db, { sites, site: null, timeZone }, query, now);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const db = database.db;
    await db.insert(sites).values([
      { id: 'a', name: 'Elm Street', named: true, askAfterVisit: true },
      { id: 'b', name: 'Oak Avenue', named: true },
      { id: 'c', name: 'Pine Road', named: true, askAfterVisit: true },
      { id: 'd', name: 'Demo', named: true, askAfterVisit: true, isDemo: true },
    ]);
    const seed = fixtureSeeder(database, 800);
    let n = 0;
    /** An invitation at UTC wall times, and the survey that answers it when there is one. */
    async function invite(i: {
      member: string;
      site: string;
      made: string;
      sent?: string;
      opened?: string;
      answer?: { at: string; recommend: number; wash?: number };
    }) {
      n += 1;
      const id = `invitation-${n}`;
      await db.insert(surveyInvitations).values({
        id,
        tokenHash: `hash-${n}`,
        customerId: i.member,
        siteId: i.site,
        language: 'en',
        expiresAt: new Date(at(i.made).getTime() + 7 * 24 * 60 * 60 * 1000),
        sentAt: i.sent ? at(i.sent) : null,
        openedAt: i.opened ? at(i.opened) : null,
        answeredAt: i.answer ? at(i.answer.at) : null,
        createdAt: at(i.made),
      });
      if (i.answer)
        await db.insert(surveys).values({
          id: `survey-of-${id}`,
          customerId: i.member,
          invitationId: id,
          recommendToOthersScore: i.answer.recommend,
          washQualityScore: i.answer.wash ?? 0,
          createdAt: at(i.answer.at),
        });
    }

    const ofA = await seed.code({ site: 'a', issued: '2026-10-01T09:00:00', completed: '2026-10-01T09:10:00' });
    const ofB = await seed.code({ site: 'b', issued: '2026-10-02T09:00:00', completed: '2026-10-02T09:10:00' });
    const noCode = await seed.code({
      site: '0',
      issued: '2026-10-03T09:00:00',
      completed: '2026-10-03T09:10:00',
      manual: true,
    });
    const demo = await seed.code({ site: 'd', issued: '2026-10-04T09:00:00', completed: '2026-10-04T09:10:00' });
    await db.update(registrations).set({ isDemo: true }).where(eq(registrations.id, demo.registrationId));

    // At sign-up: Monday 9 November 05:00 UTC is Sunday evening in Los Angeles.
    await seed.survey(ofA.customerId, { at: '2026-11-09T05:00:00', recommend: 10, wash: 8 });
    await seed.survey(ofB.customerId, { at: '2026-11-03T10:00:00', recommend: 6, wash: 4 });

    const sentAt = (made: string) => made.replace(/T.*/, 'T12:00:00');
    await invite({
      member: ofA.customerId,
      site: 'a',
      made: '2026-11-01T00:00:00',
      sent: '2026-11-01T00:05:00',
      opened: '2026-11-01T01:00:00',
      answer: { at: '2026-11-10T12:00:00', recommend: 9, wash: 10 },
    });
    await invite({
      member: ofA.customerId,
      site: 'a',
      made: '2026-11-05T10:00:00',
      sent: sentAt('2026-11-05'),
      opened: '2026-11-05T13:00:00',
      answer: { at: '2026-11-05T13:05:00', recommend: 0 },
    });
    await invite({ member: ofA.customerId, site: 'a', made: '2026-11-06T10:00:00', sent: sentAt('2026-11-06') });
    await invite({ member: ofA.customerId, site: 'a', made: '2026-11-07T23:00:00' });
    await invite({
      member: noCode.customerId,
      site: 'b',
      made: '2026-11-30T23:59:59',
      sent: '2026-12-01T00:05:00',
      opened: '2026-12-01T01:00:00',
      answer: { at: '2026-12-01T02:00:00', recommend: 3 },
    });
    await invite({
      member: ofB.customerId,
      site: 'a',
      made: '2026-10-31T23:59:59',
      sent: '2026-11-01T12:00:00',
      opened: '2026-11-16T09:00:00',
      answer: { at: '2026-11-16T10:00:00', recommend: 8 },
    });
    await invite({ member: ofA.customerId, site: 'a', made: '2026-12-01T00:00:00', sent: '2026-12-01T00:01:00' });
    await invite({
      member: demo.customerId,
      site: 'd',
      made: '2026-11-12T10:00:00',
      sent: '2026-11-12T10:01:00',
      opened: '2026-11-12T10:02:00',
      answer: { at: '2026-11-12T10:03:00', recommend: 1 },
    });
    await invite({
      member: noCode.customerId,
      site: 'c',
      made: '2026-11-20T10:00:00',
      sent: '2026-11-20T12:00:00',
      opened: '2026-11-24T09:00:00',
      answer: { at: '2026-11-24T09:05:00', recommend: 10 },
    });

    [november, nothing] = await Promise.all([figures('all'), figures('all', NOTHING)]);
  });
  afterAll(() => database.close());

  it.each(Object.keys(EDGES) as FeedbackOverTimeFigureName[])(
    '%s: counted as defined, and empty in a range with nothing',
    (name) => {
      const edge: { read: Read; november: unknown; nothing: unknown } = EDGES[name];
      expect(FEEDBACK_OVER_TIME_FIGURES[name].definition).not.toBe('');
      expect(edge.read(november)).toEqual(edge.november);
      expect(edge.read(nothing)).toEqual(edge.nothing);
    },
  );

  it('keeps every response in the totals, and splits their NPS and averages by when they were asked', () => {
    // 10, 6 at sign-up; 9, 8, 10 after visits: 3 promoters, 1 passive, 1 detractor.
    expect(november.feedback).toMatchObject({
      surveys: 5,
      empty: 1,
      promoters: 3,
      passives: 1,
      detractors: 1,
      nps: 40,
    });
    expect(november.feedback.signUp).toEqual({
      surveys: 2,
      promoters: 1,
      passives: 0,
      detractors: 1,
      nps: 0,
      averages: {
        recommendToOthersScore: 8,
        washQualityScore: 6,
        cleanlinessScore: null,
        serviceScore: null,
        valueScore: null,
      },
    });
    expect(november.feedback.afterVisit).toMatchObject({
      surveys: 3,
      promoters: 2,
      passives: 1,
      detractors: 0,
      nps: 67,
      averages: { recommendToOthersScore: 9, washQualityScore: 10 },
    });
    expect(november.scoreWeeks[2]).toMatchObject({
      week: '2026-11-09',
      all: { surveys: 2 },
      signUp: { surveys: 1 },
      afterVisit: { surveys: 1 },
    });
  });

  it('shows the funnel by site, and which sites ask now', () => {
    expect(november.invitations.sitesAsking).toBe(2);
    expect(november.invitations.sites).toEqual([
      { siteId: 'a', asking: true, made: 4, sent: 3, opened: 2, answered: 1, openedRate: 2 / 3, answeredRate: 1 / 3 },
      { siteId: 'b', asking: false, made: 1, sent: 1, opened: 1, answered: 1, openedRate: 1, answeredRate: 1 },
      { siteId: 'c', asking: true, made: 1, sent: 1, opened: 1, answered: 1, openedRate: 1, answeredRate: 1 },
    ]);
    const rates = [november.invitations, ...november.invitations.sites].flatMap((r) => [r.openedRate, r.answeredRate]);
    expect(rates.filter((rate) => rate === null || rate < 0 || rate > 1)).toEqual([]);
  });

  it("counts an answer after a visit at the visit's site, whoever's code the member came with", async () => {
    const [ofA, ofB] = await Promise.all([figures(['a']), figures(['b'])]);
    // At a: its member's sign-up survey, and the answers of a's member and b's member after visits at a.
    expect([ofA.feedback.signUp.surveys, ofA.feedback.afterVisit.surveys]).toEqual([1, 2]);
    expect(ofA.sites.map((site) => [site.siteId, site.promoters, site.passives])).toEqual([['a', 2, 1]]);
    expect(ofA.invitations).toMatchObject({ made: 4, sitesAsking: 1 });
    // At b: its member's sign-up survey only; b asks no more, so the console offers to turn it on.
    expect([ofB.feedback.signUp.surveys, ofB.feedback.afterVisit.surveys]).toEqual([1, 0]);
    expect(ofB.invitations).toMatchObject({ made: 1, sitesAsking: 0 });
    expect(ofB.invitations.sites).toEqual([expect.objectContaining({ siteId: 'b', asking: false })]);
  });

  it("puts each answer in its week on the site's clock", async () => {
    const onLosAngeles = await figures(['a'], NOVEMBER, NOW, 'America/Los_Angeles');
    // The sign-up answer of Monday 05:00 UTC is Sunday evening's, in the week before.
    expect(onLosAngeles.scoreWeeks.map((w) => [w.week, w.signUp.surveys, w.afterVisit.surveys])).toEqual([
      ['2026-10-26', 0, 0],
      ['2026-11-02', 1, 0],
      ['2026-11-09', 0, 1],
      ['2026-11-16', 0, 1],
      ['2026-11-23', 0, 0],
      ['2026-11-30', 0, 0],
    ]);
  });

  it('moves with the clock: the last 30 days end today, and a new week shows its answers', async () => {
    const [twelfth, twentyFifth] = await Promise.all([
      figures('all', {}, at('2026-11-12T12:00:00')),
      figures('all', {}, at('2026-11-25T12:00:00')),
    ]);
    const last = (f: DashboardFigures) => f.scoreWeeks.at(-1)!;
    expect(twelfth.scoreWeeks[0]!.week).toBe('2026-10-12');
    expect(last(twelfth)).toMatchObject({ week: '2026-11-09', all: { surveys: 2, nps: 100 } });
    expect(twentyFifth.scoreWeeks[0]!.week).toBe('2026-10-26');
    expect(last(twentyFifth)).toMatchObject({ week: '2026-11-23', all: { surveys: 1, nps: 100 } });
    expect(twelfth.scoreWeeks.find((w) => w.week === '2026-11-23')).toBeUndefined();
    expect(last(twelfth).afterVisit).toMatchObject({ surveys: 1 });
    expect(twentyFifth.scoreWeeks.find((w) => w.week === '2026-10-26')!.all).toMatchObject(EMPTY_WEEK);
  });
});
