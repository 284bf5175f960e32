import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardFigures, dayRange, type SiteScope } from '../../../../server/features/dashboard/dashboard-figures';
import type { Database } from '../../../../server/platform/db/client';
import type { Principal } from '../../../../server/platform/access/principal';
import { dayClock } from '../../../../server/features/dashboard/day-clock';
import { customers, registrations, sites, staff, surveys } from '../../../../server/platform/db/schema';
import { customerRow } from '../../helpers/customer-row';
import { DRIVERS, EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { addStaff, sessionOf } from '../../helpers/staff-session';

const at = (iso: string) => new Date(`${iso}Z`);
type Scores = [recommend: number, wash: number, cleanliness: number, service: number, value: number];

/** Adds a registration (with its customer and surveys once completed); `n` keeps numbers and emails apart. */
function seeder(t: TestApp, n = 0) {
  const db = t.database.db;
  return async function registration(r: {
    site: string;
    created: string;
    opened?: string;
    completed?: string;
    manual?: boolean;
    /** When, the five scores, and the comment (none unless given). */
    surveys?: [string, Scores, string?][];
  }) {
    n += 1;
    const id = crypto.randomUUID();
    const customerId = r.completed ? crypto.randomUUID() : null;
    await db.insert(registrations).values({
      id,
      mobileNumber: `+120155501${String(n).padStart(2, '0')}`,
      saleDate: at(r.created),
      siteId: r.site,
      isManual: r.manual ?? false,
      isCompleted: !!r.completed,
      completedAt: r.completed ? at(r.completed) : null,
      customerId,
      openedAt: r.opened ? at(r.opened) : null,
      createdAt: at(r.created),
    });
    if (!customerId) return;
    await db.insert(customers).values(
      customerRow({
        id: customerId,
        registrationId: id,
        mobileNumber: `+120155501${String(n).padStart(2, '0')}`,
        createdAt: at(r.completed!),
      }),
    );
    for (const [when, [recommend, wash, cleanliness, service, value], comments] of r.surveys ?? []) {
      await db.insert(surveys).values({
        id: crypto.randomUUID(),
        customerId,
        recommendToOthersScore: recommend,
        washQualityScore: wash,
        cleanlinessScore: cleanliness,
        serviceScore: service,
        valueScore: value,
        comments,
        createdAt: at(when),
      });
    }
  };
}

/** Adds a registration with a known id (and its customer and surveys once completed) straight to a database. */
function databaseSeeder(database: Database) {
  let n = 0;
  return async function registration(r: {
    id: string;
    site: string;
    created: string;
    opened?: string;
    completed?: string;
    manual?: boolean;
    surveys?: [string, Scores][];
  }) {
    n += 1;
    const customerId = r.completed ? `customer-${r.id}` : null;
    await database.db.insert(registrations).values({
      id: r.id,
      mobileNumber: `+120155502${String(n).padStart(2, '0')}`,
      saleDate: at(r.created),
      siteId: r.site,
      isManual: r.manual ?? false,
      isCompleted: !!r.completed,
      completedAt: r.completed ? at(r.completed) : null,
      customerId,
      openedAt: r.opened ? at(r.opened) : null,
      createdAt: at(r.created),
    });
    if (!customerId) return;
    await database.db.insert(customers).values(
      customerRow({
        id: customerId,
        registrationId: r.id,
        mobileNumber: `+120155502${String(n).padStart(2, '0')}`,
        createdAt: at(r.completed!),
      }),
    );
    for (const [index, [when, [recommend, wash, cleanliness, service, value]]] of (r.surveys ?? []).entries()) {
      await database.db.insert(surveys).values({
        id: `survey-${r.id}-${index}`,
        customerId,
        recommendToOthersScore: recommend,
        washQualityScore: wash,
        cleanlinessScore: cleanliness,
        serviceScore: service,
        valueScore: value,
        createdAt: at(when),
      });
    }
  };
}

/**
 * A month of two sites, each figure below worked out by hand. The range is November 2026; Mondays fall on the
 * 2nd and the 9th.
 */
async function seedMonth(t: TestApp) {
  const registration = seeder(t);

  // Site 7: two completed (30 min and a day), one opened only, one never opened.
  await registration({
    site: '7',
    created: '2026-11-02T10:00:00',
    opened: '2026-11-02T10:05:00',
    completed: '2026-11-02T10:30:00',
    surveys: [['2026-11-03T12:00:00', [10, 8, 0, 9, 7]]],
  });
  await registration({
    site: '7',
    created: '2026-11-10T09:00:00',
    opened: '2026-11-10T12:00:00',
    completed: '2026-11-11T09:00:00',
    surveys: [['2026-11-11T10:00:00', [6, 4, 5, 0, 3]]],
  });
  await registration({ site: '7', created: '2026-11-20T09:00:00', opened: '2026-11-20T09:30:00' });
  await registration({ site: '7', created: '2026-11-25T09:00:00' });
  // Site 12: one completed in an hour with two surveys (the second skips the recommend question); one issued in
  // October and completed in November, which counts as a completion but not in November's funnel.
  await registration({
    site: '12',
    created: '2026-11-05T08:00:00',
    opened: '2026-11-05T08:10:00',
    completed: '2026-11-05T09:00:00',
    surveys: [
      ['2026-11-06T08:00:00', [8, 10, 10, 10, 10]],
      ['2026-11-07T08:00:00', [0, 6, 0, 0, 0]],
      ['2026-12-01T08:00:00', [1, 1, 1, 1, 1]],
    ],
  });
  await registration({
    site: '12',
    created: '2026-10-20T08:00:00',
    opened: '2026-10-20T08:00:00',
    completed: '2026-11-03T08:00:00',
    surveys: [['2026-11-04T08:00:00', [9, 0, 0, 0, 0]]],
  });
  // A sign-up without a code: no site, no funnel, left out of every figure.
  await registration({
    site: '0',
    manual: true,
    created: '2026-11-08T08:00:00',
    completed: '2026-11-08T08:05:00',
    surveys: [['2026-11-08T09:00:00', [1, 1, 1, 1, 1]]],
  });
}

const november = '?from=2026-11-01&to=2026-11-30';

/** No follow-up case here, and no comment: tests/server/features/dashboard/follow-up-figures.test.ts and theme-figures.test.ts count them. */
const noFollowUps = {
  opened: 0,
  open: 0,
  overdue: 0,
  medianMinutesToFirstContact: null,
  resolvedOnTime: 0,
  resolvedOnTimeRate: null,
  sites: [],
  rootCauses: [],
};

describe.each(DRIVERS)('GET /api/admin/dashboard on %s', (driver) => {
  let t: TestApp;
  let owner: { cookie: string; origin: string };
  let manager: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await startTestApp(driver, { DEFAULT_TIMEZONE: 'UTC' });
    await seedMonth(t);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'site7@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'site7@wash.example');
  });
  afterAll(() => t.close());

  const dashboard = (headers: Record<string, string>, query = november) =>
    t.call('GET', `/api/admin/dashboard${query}`, { anonymous: true, headers });

  it('gives an owner the funnel, feedback, weeks and sites of every site, as worked out by hand', async () => {
    const res = await dashboard(owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      range: { from: '2026-11-01', to: '2026-11-30', timeZone: 'UTC', clock: 'reader' },
      site: null,
      funnel: { issued: 5, opened: 4, completed: 3, completionRate: 0.6, medianMinutesToComplete: 60 },
      feedback: {
        // Five surveys in November from four members, the four who completed a profile in it.
        surveys: 5,
        empty: 0,
        respondents: 4,
        offered: 4,
        responseRate: 1,
        promoters: 2,
        passives: 1,
        detractors: 1,
        nps: 25,
        averages: {
          recommendToOthersScore: 8.3,
          washQualityScore: 7,
          cleanlinessScore: 7.5,
          serviceScore: 9.5,
          valueScore: 6.7,
        },
        // Every one of them at sign-up: none answers an invitation after a visit.
        signUp: expect.objectContaining({ surveys: 5 }),
        afterVisit: expect.objectContaining({ surveys: 0, nps: null }),
      },
      weeks: [
        { week: '2026-11-02', completed: 3, promoters: 2, passives: 1, detractors: 0, nps: 67 },
        { week: '2026-11-09', completed: 1, promoters: 0, passives: 0, detractors: 1, nps: -100 },
      ],
      sites: [
        {
          siteId: '12',
          completed: 2,
          promoters: 1,
          passives: 1,
          detractors: 0,
          nps: 50,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
        {
          siteId: '7',
          completed: 2,
          promoters: 1,
          passives: 0,
          detractors: 1,
          nps: 0,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
      ],
      followUps: noFollowUps,
      themes: [],
      // Every week the range touches; tests/server/features/dashboard/score-trend.test.ts has them by hand.
      scoreWeeks: expect.any(Array),
      invitations: expect.objectContaining({ made: 0, sitesAsking: 0, sites: [] }),
    });
  });

  it('narrows to one site when asked', async () => {
    const res = await dashboard(owner, `${november}&site=12`);
    expect(res.body.site).toBe('12');
    expect(res.body.funnel).toEqual({
      issued: 1,
      opened: 1,
      completed: 1,
      completionRate: 1,
      medianMinutesToComplete: 60,
    });
    expect((res.body.sites as { siteId: string }[]).map((s) => s.siteId)).toEqual(['12']);
  });

  it('shows a manager only their own sites, and refuses another site even when asked for by name', async () => {
    const own = await dashboard(manager);
    expect(own.body.funnel).toEqual({
      issued: 4,
      opened: 3,
      completed: 2,
      completionRate: 0.5,
      medianMinutesToComplete: 735,
    });
    expect(own.body.feedback).toMatchObject({ surveys: 2, promoters: 1, detractors: 1, nps: 0 });
    expect((own.body.sites as { siteId: string }[]).map((s) => s.siteId)).toEqual(['7']);
    const other = await dashboard(manager, `${november}&site=12`);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain('"funnel"');
  });

  it('defaults to the last 30 days, and says so; an empty range has no rates', async () => {
    const res = await dashboard(owner, '?from=2030-01-01&to=2030-01-31');
    expect(res.body.funnel).toEqual({
      issued: 0,
      opened: 0,
      completed: 0,
      completionRate: null,
      medianMinutesToComplete: null,
    });
    expect(res.body.feedback).toMatchObject({ surveys: 0, responseRate: null, nps: null });
    const defaulted = await dashboard(owner, '');
    const { from, to } = defaulted.body.range as { from: string; to: string };
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    expect(to).toBe(new Date().toISOString().slice(0, 10));
  });

  it('counts answers of 7 and 8 as passives, 9 and 10 as promoters, 6 and below as detractors', async () => {
    // January 2026, away from the month above; the week starts on Monday the 5th.
    const registration = seeder(t, 50);
    for (const [day, recommend] of [
      [5, 6],
      [6, 7],
      [7, 8],
      [8, 9],
      [9, 10],
    ] as const) {
      const created = `2026-01-0${day}T09:00:00`;
      await registration({
        site: '30',
        created,
        completed: created,
        surveys: [[`2026-01-0${day}T10:00:00`, [recommend, 5, 5, 5, 5]]],
      });
    }
    const res = await dashboard(owner, '?from=2026-01-01&to=2026-01-31');
    const figures = { promoters: 2, passives: 2, detractors: 1, nps: 20 };
    expect(res.body.feedback).toMatchObject({ surveys: 5, ...figures });
    expect(res.body.weeks).toEqual([{ week: '2026-01-05', completed: 5, ...figures }]);
    expect(res.body.sites).toEqual([
      { siteId: '30', completed: 5, ...figures, reviewInvitations: 0, reviewsOpened: 0 },
    ]);
  });

  it('counts a member who answered three times as one respondent: the response rate is members, never above 100%', async () => {
    // February 2027, away from the months above. Both members completed their profile in it and were offered the
    // survey; one answered three times (three a day is the budget), the other never.
    const registration = seeder(t, 60);
    await registration({
      site: '40',
      created: '2027-02-01T09:00:00',
      completed: '2027-02-01T09:10:00',
      surveys: [
        ['2027-02-01T10:00:00', [10, 9, 9, 9, 9]],
        ['2027-02-01T11:00:00', [9, 0, 0, 0, 0]],
        ['2027-02-01T12:00:00', [0, 0, 0, 0, 0], 'Still great.'],
      ],
    });
    await registration({ site: '40', created: '2027-02-02T09:00:00', completed: '2027-02-02T09:10:00' });
    const res = await dashboard(owner, '?from=2027-02-01&to=2027-02-28');
    expect(res.body.feedback).toMatchObject({ surveys: 3, respondents: 1, offered: 2, responseRate: 0.5 });
    // A member who completed in February and answers in March is February's respondent, and in March's surveys.
    await registration({
      site: '40',
      created: '2027-02-27T09:00:00',
      completed: '2027-02-28T23:59:00',
      surveys: [['2027-03-01T00:00:00', [8, 8, 8, 8, 8]]],
    });
    const february = await dashboard(owner, '?from=2027-02-01&to=2027-02-28');
    expect(february.body.feedback).toMatchObject({ surveys: 3, respondents: 2, offered: 3, responseRate: 2 / 3 });
    const march = await dashboard(owner, '?from=2027-03-01&to=2027-03-31');
    expect(march.body.feedback).toMatchObject({ surveys: 1, respondents: 0, offered: 0, responseRate: null });
  });

  it('keeps a survey with no score and no comment apart: counted as empty, in no other figure, inviting no review', async () => {
    // April 2027. One member sent only an empty survey; another sent one empty and one with a comment and no score,
    // which is a response.
    const registration = seeder(t, 70);
    await registration({
      site: '41',
      created: '2027-04-05T09:00:00',
      completed: '2027-04-05T09:10:00',
      surveys: [['2027-04-05T10:00:00', [0, 0, 0, 0, 0], '']],
    });
    await registration({
      site: '41',
      created: '2027-04-06T09:00:00',
      completed: '2027-04-06T09:10:00',
      surveys: [
        ['2027-04-06T10:00:00', [0, 0, 0, 0, 0]],
        ['2027-04-06T11:00:00', [0, 0, 0, 0, 0], 'The dryers left water spots.'],
      ],
    });
    // Their site has a review page. An empty survey stored before the rule, with the invitation offered then, is
    // not an invitation either.
    await t.database.db
      .update(surveys)
      .set({ reviewUrl: 'https://g.page/r/elm/review' })
      .where(inArray(surveys.createdAt, [at('2027-04-05T10:00:00'), at('2027-04-06T11:00:00')]));

    const res = await dashboard(owner, '?from=2027-04-01&to=2027-04-30');
    expect(res.body.feedback).toEqual({
      surveys: 1,
      empty: 2,
      respondents: 1,
      offered: 2,
      responseRate: 0.5,
      promoters: 0,
      passives: 0,
      detractors: 0,
      nps: null,
      averages: {
        recommendToOthersScore: null,
        washQualityScore: null,
        cleanlinessScore: null,
        serviceScore: null,
        valueScore: null,
      },
      // Every one of them at sign-up: none answers an invitation after a visit.
      signUp: expect.objectContaining({ surveys: 1 }),
      afterVisit: expect.objectContaining({ surveys: 0, nps: null }),
    });
    expect(res.body.sites).toEqual([
      {
        siteId: '41',
        completed: 2,
        promoters: 0,
        passives: 0,
        detractors: 0,
        nps: null,
        reviewInvitations: 1,
        reviewsOpened: 0,
      },
    ]);
    // The comment's survey answered no score: its themes are counted, in no band.
    const noBand = { promoters: 0, passives: 0, detractors: 0 };
    expect(res.body.themes).toEqual([
      { siteId: '41', theme: 'equipment', surveys: 1, ...noBand },
      { siteId: '41', theme: 'wash_quality', surveys: 1, ...noBand },
    ]);

    // The member who sent only an empty survey was offered the survey and is no respondent.
    const onlyEmpty = await dashboard(owner, '?from=2027-04-05&to=2027-04-05');
    expect(onlyEmpty.body.feedback).toMatchObject({
      surveys: 0,
      empty: 1,
      respondents: 0,
      offered: 1,
      responseRate: 0,
    });
  });

  it('refuses a range backwards or a date that is not one; the command line sees every site, a point-of-sale key nothing', async () => {
    expect((await dashboard(owner, '?from=2026-11-30&to=2026-11-01')).status).toBe(400);
    expect((await dashboard(owner, '?from=yesterday')).status).toBe(400);
    expect((await dashboard({ authorization: `Bearer ${CLI_KEY}` })).status).toBe(200);
    const pointOfSale = await dashboard({ authorization: `Bearer ${ADMIN_API_KEY}` });
    expect(pointOfSale.status).toBe(403);
    expect(pointOfSale.body.error.code).toBe('forbidden');
  });
});

/**
 * Three weeks of March 2026 (Mondays the 2nd, 9th and 16th; the range ends on Sunday the 22nd), called directly with
 * the rows at each edge of the range: the first and last instants in it, and the instants just outside. Every figure
 * below is worked out by hand.
 */
describe.each(EMBEDDED_ONLY)('dashboardFigures on %s', (driver) => {
  let database: Database;
  const march = { from: '2026-03-02', to: '2026-03-22' };
  const now = new Date('2026-03-22T12:00:00Z');
  const figures = (sites: SiteScope, site: string | null, query: { from?: string; to?: string } = march) =>
    dashboardFigures(database.db, { sites, site }, query, now);

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const add = databaseSeeder(database);
    // Site 1: issued the second before the range, completed at its first instant, surveyed at its last.
    await add({
      id: 'r1',
      site: '1',
      created: '2026-03-01T23:59:59',
      opened: '2026-03-01T23:59:59',
      completed: '2026-03-02T00:00:00',
      surveys: [['2026-03-22T23:59:59', [9, 9, 0, 4, 1]]],
    });
    // Issued at the range's first instant, never opened.
    await add({ id: 'r2', site: '1', created: '2026-03-02T00:00:00' });
    // Site 2: issued at the last instant, opened and completed after the range (640 s).
    await add({
      id: 'r3',
      site: '2',
      created: '2026-03-22T23:59:59',
      opened: '2026-03-23T00:00:00',
      completed: '2026-03-23T00:10:39',
    });
    await add({
      id: 'r4',
      site: '2',
      created: '2026-03-10T10:00:00',
      opened: '2026-03-10T10:05:00',
      completed: '2026-03-10T10:20:40',
      surveys: [
        ['2026-03-10T11:00:00', [8, 8, 0, 4, 2]],
        ['2026-03-10T12:00:00', [10, 10, 0, 4, 2]],
        ['2026-03-23T00:00:00', [1, 1, 1, 1, 1]],
      ],
    });
    await add({
      id: 'r5',
      site: '2',
      created: '2026-03-11T10:00:00',
      completed: '2026-03-11T10:30:00',
      surveys: [
        ['2026-03-11T11:00:00', [7, 7, 0, 4, 2]],
        ['2026-03-12T11:00:00', [10, 10, 0, 4, 2]],
      ],
    });
    await add({
      id: 'r6',
      site: '2',
      created: '2026-03-16T00:00:00',
      completed: '2026-03-16T00:05:00',
      surveys: [
        ['2026-03-16T01:00:00', [6, 6, 0, 4, 2]],
        ['2026-03-17T01:00:00', [1, 1, 0, 4, 2]],
      ],
    });
    // Site 3: completed in the last second of Sunday the 8th (the first week); one survey a second too early,
    // one at the first instant that skips the recommend question.
    await add({
      id: 'r7',
      site: '3',
      created: '2026-03-04T00:00:00',
      completed: '2026-03-08T23:59:59',
      surveys: [
        ['2026-03-01T23:59:59', [10, 10, 10, 10, 10]],
        ['2026-03-02T00:00:00', [0, 5, 0, 0, 3]],
      ],
    });
    // Issued and completed at the first instant after the range.
    await add({ id: 'r8', site: '3', created: '2026-03-23T00:00:00', completed: '2026-03-23T00:01:00' });
    // Site 4: completed in February, surveyed in March.
    await add({
      id: 'r9',
      site: '4',
      created: '2026-02-01T00:00:00',
      completed: '2026-02-01T01:00:00',
      surveys: [['2026-03-05T12:00:00', [9, 9, 0, 4, 2]]],
    });
    // A sign-up without a code, in the middle of everything: in no figure.
    await add({
      id: 'manual',
      site: '1',
      manual: true,
      created: '2026-03-05T00:00:00',
      opened: '2026-03-05T00:00:00',
      completed: '2026-03-05T00:10:00',
      surveys: [['2026-03-05T01:00:00', [1, 1, 1, 1, 1]]],
    });
    // Site 2 has a review page: r4's three respondents were invited; the one on the 10th at 11:00 opened it, and so
    // did the one after the range, who is counted nowhere.
    const at = (instant: string) => new Date(`${instant}Z`);
    await database.db
      .update(surveys)
      .set({ reviewUrl: 'https://g.page/r/site-2/review' })
      .where(
        inArray(surveys.createdAt, [at('2026-03-10T11:00:00'), at('2026-03-10T12:00:00'), at('2026-03-23T00:00:00')]),
      );
    await database.db
      .update(surveys)
      .set({ reviewOpenedAt: at('2026-03-23T00:05:00') })
      .where(inArray(surveys.createdAt, [at('2026-03-10T11:00:00'), at('2026-03-23T00:00:00')]));
  });
  afterAll(() => database.close());

  it('counts the rows of the first and last days of the range, and none from the days either side', async () => {
    expect(await figures('all', null)).toEqual({
      range: { ...march, timeZone: 'UTC', clock: 'reader' },
      site: null,
      // r2 to r7 were issued in the range; r3 to r7 completed (300, 640, 1240, 1800 and 431999 s: median 1240 s).
      funnel: { issued: 6, opened: 2, completed: 5, completionRate: 5 / 6, medianMinutesToComplete: 21 },
      feedback: {
        // Nine surveys from six members; the five who completed in the range (r1, r4, r5, r6, r7) have all answered,
        // r9 completed before it. 9, 10, 10, 9 promote, 8 and 7 are passive, 6 and 1 detract, and 0 is in no band.
        surveys: 9,
        empty: 0,
        respondents: 5,
        offered: 5,
        responseRate: 1,
        promoters: 4,
        passives: 2,
        detractors: 2,
        nps: 25,
        averages: {
          recommendToOthersScore: 7.5,
          washQualityScore: 7.2,
          cleanlinessScore: null,
          serviceScore: 4,
          valueScore: 2,
        },
        // Every one of them at sign-up: none answers an invitation after a visit.
        signUp: expect.objectContaining({ surveys: 9 }),
        afterVisit: expect.objectContaining({ surveys: 0, nps: null }),
      },
      weeks: [
        { week: '2026-03-02', completed: 2, promoters: 1, passives: 0, detractors: 0, nps: 100 },
        { week: '2026-03-09', completed: 2, promoters: 2, passives: 2, detractors: 0, nps: 50 },
        { week: '2026-03-16', completed: 1, promoters: 1, passives: 0, detractors: 2, nps: -33 },
      ],
      // Busiest first; sites 1 and 3 tie, in the order of their ids. Site 2 invited two respondents in the range to
      // review it, and one opened the link.
      sites: [
        {
          siteId: '2',
          completed: 3,
          promoters: 2,
          passives: 2,
          detractors: 2,
          nps: 0,
          reviewInvitations: 2,
          reviewsOpened: 1,
        },
        {
          siteId: '1',
          completed: 1,
          promoters: 1,
          passives: 0,
          detractors: 0,
          nps: 100,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
        {
          siteId: '3',
          completed: 1,
          promoters: 0,
          passives: 0,
          detractors: 0,
          nps: null,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
        {
          siteId: '4',
          completed: 0,
          promoters: 1,
          passives: 0,
          detractors: 0,
          nps: 100,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
      ],
      followUps: noFollowUps,
      themes: [],
      // Every week the range touches; tests/server/features/dashboard/score-trend.test.ts has them by hand.
      scoreWeeks: expect.any(Array),
      invitations: expect.objectContaining({ made: 0, sitesAsking: 0, sites: [] }),
    });
  });

  it("narrows every figure to the caller's sites, and says which site was chosen", async () => {
    const two = await figures(['3', '2'], null);
    expect(two.funnel).toEqual({
      issued: 5,
      opened: 2,
      completed: 5,
      completionRate: 1,
      medianMinutesToComplete: 21,
    });
    expect(two.feedback).toMatchObject({
      surveys: 7,
      respondents: 4,
      offered: 4,
      responseRate: 1,
      promoters: 2,
      passives: 2,
      detractors: 2,
    });
    expect(two.sites.map((site) => site.siteId)).toEqual(['2', '3']);
    expect(two.site).toBeNull();

    // Weeks in calendar order, though site 4's week (a survey, no completion) is found after the others.
    expect((await figures(['2', '4'], null)).weeks).toEqual([
      { week: '2026-03-02', completed: 0, promoters: 1, passives: 0, detractors: 0, nps: 100 },
      { week: '2026-03-09', completed: 2, promoters: 2, passives: 2, detractors: 0, nps: 50 },
      { week: '2026-03-16', completed: 1, promoters: 0, passives: 0, detractors: 2, nps: -100 },
    ]);

    const one = await figures(['1'], '1');
    expect(one).toMatchObject({
      site: '1',
      funnel: { issued: 1, opened: 0, completed: 0, completionRate: 0, medianMinutesToComplete: null },
      feedback: { surveys: 1, responseRate: 1, promoters: 1, nps: 100 },
      weeks: [
        { week: '2026-03-02', completed: 1, promoters: 0, passives: 0, detractors: 0, nps: null },
        { week: '2026-03-16', completed: 0, promoters: 1, passives: 0, detractors: 0, nps: 100 },
      ],
      sites: [
        {
          siteId: '1',
          completed: 1,
          promoters: 1,
          passives: 0,
          detractors: 0,
          nps: 100,
          reviewInvitations: 0,
          reviewsOpened: 0,
        },
      ],
    });
  });

  it('has no response rate on a day with surveys and no completion, and no averages on a day with no survey', async () => {
    const surveysOnly = await figures('all', null, { from: '2026-03-05', to: '2026-03-05' });
    expect(surveysOnly.funnel).toEqual({
      issued: 0,
      opened: 0,
      completed: 0,
      completionRate: null,
      medianMinutesToComplete: null,
    });
    expect(surveysOnly.feedback).toMatchObject({ surveys: 1, responseRate: null, promoters: 1, nps: 100 });
    expect(surveysOnly.sites).toEqual([
      {
        siteId: '4',
        completed: 0,
        promoters: 1,
        passives: 0,
        detractors: 0,
        nps: 100,
        reviewInvitations: 0,
        reviewsOpened: 0,
      },
    ]);

    // r7 completed that day, and has answered (on other days): a respondent of the day, with no survey in it.
    const completionOnly = await figures('all', null, { from: '2026-03-08', to: '2026-03-08' });
    expect(completionOnly.feedback).toEqual({
      surveys: 0,
      empty: 0,
      respondents: 1,
      offered: 1,
      responseRate: 1,
      promoters: 0,
      passives: 0,
      detractors: 0,
      nps: null,
      averages: {
        recommendToOthersScore: null,
        washQualityScore: null,
        cleanlinessScore: null,
        serviceScore: null,
        valueScore: null,
      },
      // Every one of them at sign-up: none answers an invitation after a visit.
      signUp: expect.objectContaining({ surveys: 0 }),
      afterVisit: expect.objectContaining({ surveys: 0, nps: null }),
    });
    expect(completionOnly.weeks).toEqual([
      { week: '2026-03-02', completed: 1, promoters: 0, passives: 0, detractors: 0, nps: null },
    ]);
    expect(completionOnly.sites).toEqual([
      {
        siteId: '3',
        completed: 1,
        promoters: 0,
        passives: 0,
        detractors: 0,
        nps: null,
        reviewInvitations: 0,
        reviewsOpened: 0,
      },
    ]);
  });

  it('defaults to the 30 days up to today, or up to the last day asked for', async () => {
    const defaulted = await figures('all', null, {});
    expect(defaulted.range).toMatchObject({ from: '2026-02-21', to: '2026-03-22' });
    // r1 to r7 (r1 issued on the 1st, inside these 30 days); r3, issued at the last second of today, included.
    expect(defaulted.funnel.issued).toBe(7);
    expect((await figures('all', null, { to: '2026-03-10' })).range).toMatchObject({
      from: '2026-02-09',
      to: '2026-03-10',
    });
    expect((await figures('all', null, { from: '2026-03-10' })).range).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-22',
    });
  });
});

describe('dayRange', () => {
  it('counts calendar days on the zone’s clock, daylight saving included', () => {
    expect(dayRange({ from: '2026-11-01', to: '2026-11-30' }, new Date(), 'America/Los_Angeles')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      // Midnight PDT on 1 November (the clocks go back at 2 AM), midnight PST after the 30th.
      start: new Date('2026-11-01T07:00:00Z'),
      end: new Date('2026-12-01T08:00:00Z'),
    });
    // 04:30 UTC on 1 December is still 30 November in Los Angeles: today there.
    expect(dayRange({}, new Date('2026-12-01T04:30:00Z'), 'America/Los_Angeles').to).toBe('2026-11-30');
    expect(dayRange({}, new Date('2026-12-01T04:30:00Z'), 'America/New_York').to).toBe('2026-11-30');
    expect(dayRange({}, new Date('2026-12-01T05:30:00Z'), 'America/New_York').to).toBe('2026-12-01');
  });

  it('runs from the first instant of the first day to the first instant after the last', () => {
    expect(dayRange({ from: '2026-03-02', to: '2026-03-22' })).toEqual({
      from: '2026-03-02',
      to: '2026-03-22',
      start: new Date('2026-03-02T00:00:00Z'),
      end: new Date('2026-03-23T00:00:00Z'),
    });
  });

  it("takes today in UTC, not the server's time zone, and the 29 days before it", () => {
    expect(dayRange({}, new Date('2026-03-22T23:59:59Z'))).toEqual({
      from: '2026-02-21',
      to: '2026-03-22',
      start: new Date('2026-02-21T00:00:00Z'),
      end: new Date('2026-03-23T00:00:00Z'),
    });
    expect(dayRange({}, new Date('2026-03-23T00:00:00Z')).to).toBe('2026-03-23');
  });
});

/**
 * A chain with a site in Los Angeles and one in New York (decision 046): a day is a calendar day on the chosen site's
 * clock, and on the reader's zone for all sites. Three codes are issued late in the evening, local time.
 */
describe.each(DRIVERS)('days on a site’s clock on %s', (driver) => {
  let database: Database;
  const lastDay = { from: '2026-11-30', to: '2026-11-30' };
  const now = new Date('2026-12-02T12:00:00Z');
  const issued = async (sites: SiteScope, timeZone: string) =>
    (await dashboardFigures(database.db, { sites, site: null, timeZone }, lastDay, now)).funnel.issued;
  const reader = (role: 'owner' | 'manager', id: string, siteIds: string[]): Principal => ({
    kind: 'staff',
    staff: {
      id,
      email: `${id}@club.example`,
      name: id,
      role,
      sites: siteIds,
      disabled: false,
      passwordChangeRequired: false,
      createdAt: '',
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const add = databaseSeeder(database);
    // 11:30 PM on 29 November in Los Angeles: 30 November in UTC.
    await add({ id: 'la-29', site: 'la', created: '2026-11-30T07:30:00' });
    // 11:30 PM on 30 November in Los Angeles: 1 December in UTC.
    await add({ id: 'la-30', site: 'la', created: '2026-12-01T07:30:00' });
    // 11:30 PM on 30 November in New York: 1 December in UTC, 8:30 PM on the 30th in Los Angeles.
    await add({ id: 'ny-30', site: 'ny', created: '2026-12-01T04:30:00' });
    await database.db.insert(sites).values([
      { id: 'la', name: 'Sunset Blvd', timeZone: 'America/Los_Angeles' },
      { id: 'ny', name: 'Main Street', timeZone: 'America/New_York' },
    ]);
    await database.db.insert(staff).values([
      { id: 'owner-west', name: 'West', email: 'west@club.example', role: 'owner', timeZone: 'America/Los_Angeles' },
      { id: 'owner-default', name: 'Default', email: 'default@club.example', role: 'owner' },
    ]);
  });
  afterAll(() => database.close());

  it('counts a site’s day on its own clock, not in UTC', async () => {
    expect(await issued(['la'], 'America/Los_Angeles')).toBe(1);
    expect(await issued(['ny'], 'America/New_York')).toBe(1);
    // In UTC, 30 November holds only the Los Angeles code of the evening before.
    expect(await issued('all', 'UTC')).toBe(1);
  });

  it('counts all sites on the reader’s zone', async () => {
    // Los Angeles' 30 November holds its own evening code and New York's (8:30 PM there).
    expect(await issued('all', 'America/Los_Angeles')).toBe(2);
    // New York's holds its own and Los Angeles' code of the 29th (2:30 AM on the 30th in New York).
    expect(await issued('all', 'America/New_York')).toBe(2);
    expect(await issued(['la'], 'America/New_York')).toBe(1);
    expect(await issued(['la'], 'UTC')).toBe(1);
  });

  it('takes the chosen site’s clock, a manager’s only site’s, or the reader’s setting, else the server’s', async () => {
    const clock = (principal: Principal, site?: string) => dayClock(database.db, principal, site, 'America/Chicago');
    expect(await clock(reader('owner', 'owner-west', []), 'ny')).toEqual({ timeZone: 'America/New_York', of: 'site' });
    expect(await clock(reader('manager', 'm', ['la']))).toEqual({ timeZone: 'America/Los_Angeles', of: 'site' });
    expect(await clock(reader('owner', 'owner-west', []))).toEqual({ timeZone: 'America/Los_Angeles', of: 'reader' });
    expect(await clock(reader('owner', 'owner-default', []))).toEqual({ timeZone: 'America/Chicago', of: 'reader' });
    expect(await clock(reader('manager', 'm2', ['la', 'ny']))).toEqual({ timeZone: 'America/Chicago', of: 'reader' });
  });
});
