import { and, eq, exists, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  DEFAULT_RANGE_DAYS,
  netPromoterScore,
  responseRate,
  type DashboardFigures,
  type DashboardQuery,
  type NpsCounts,
} from '../../../src/domain/dashboard';
import { dayAt, daysOn } from '../../../src/domain/calendar-days';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../src/domain/survey';
import type { Db } from '../../platform/db/client';
import { customers, registrations, surveyInvitations, surveys } from '../../platform/db/schema';
import { notDemoRegistration } from '../demo/not-demo';
import { pick } from '../../platform/values/pick';
import { isEmptySurveyRow, isSurveyResponse } from '../surveys/empty-survey';
import { followUpFigures } from './follow-up-figures';
import { invitationFigures } from './invitation-figures';
import { scoreTrend } from './score-trend';
import {
  averageColumns,
  count,
  countedSurveys,
  npsColumns,
  surveySiteId,
  weekOf,
  type SiteScope,
} from './survey-columns';
import { themeFigures } from './theme-figures';

export type { SiteScope } from './survey-columns';

const DAY_MS = 24 * 60 * 60 * 1000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The days asked for, or the last 30 up to today, as a half-open range of instants: calendar days on the zone's
 * clock (the chosen site's, or the reader's for several sites: decision 046).
 */
export function dayRange(query: Pick<DashboardQuery, 'from' | 'to'>, now = new Date(), timeZone = 'UTC') {
  const to = query.to ?? dayAt(now, timeZone);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return { from, to, ...daysOn(from, to, timeZone) };
}

const inSites = (sites: SiteScope): SQL | undefined =>
  sites === 'all' ? undefined : inArray(registrations.siteId, [...sites]);

const withNps = <T extends { promoters: number; passives: number; detractors: number }>(row: T): T & NpsCounts => ({
  ...row,
  nps: netPromoterScore(row),
});

/**
 * Whether the member a registration made has sent a response, whenever (decision 038): an empty survey is none, and
 * several surveys are one respondent.
 */
const hasResponded = (db: Db) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(surveys)
      .where(and(eq(surveys.customerId, registrations.customerId), isSurveyResponse)),
  );

/**
 * The dashboard's figures for issued codes (a sign-up without a code belongs to no site and has no funnel).
 * The funnel follows the codes issued in the range; completions, surveys and NPS count what happened in it, and the
 * response rate follows the profiles completed in it (src/domain/figures.ts says what each counts).
 */
export async function dashboardFigures(
  db: Db,
  scope: { sites: SiteScope; site: string | null; timeZone?: string; of?: 'site' | 'reader' },
  query: Pick<DashboardQuery, 'from' | 'to' | 'includeDemo'>,
  now = new Date(),
): Promise<DashboardFigures> {
  const timeZone = scope.timeZone ?? 'UTC';
  const range = dayRange(query, now, timeZone);
  const issuedCodes = and(
    eq(registrations.isManual, false),
    notDemoRegistration(registrations.id, query),
    inSites(scope.sites),
  );
  const completedInRange = and(
    issuedCodes,
    gte(registrations.completedAt, range.start),
    lt(registrations.completedAt, range.end),
  );
  // A survey at sign-up counts at its code's site, an answer to an invitation at its visit's (decision 053).
  const surveysInRange = and(
    countedSurveys(scope.sites, query),
    gte(surveys.createdAt, range.start),
    lt(surveys.createdAt, range.end),
  );
  // Every feedback figure counts responses; an empty survey is counted apart, and nowhere else.
  const responsesInRange = and(surveysInRange, isSurveyResponse);

  // Completions and responses are each read once: the range's total, by week and by site in one pass
  // (GROUPING SETS), which `grouping()` tells apart (0 where the row is grouped by that column). Empty surveys are
  // only counted.
  // Weeks start on Monday on the same clock as the days.
  const week = (column: AnyColumn) => weekOf(column, timeZone);
  const byWeekAndSite = (column: AnyColumn, site: SQL | AnyColumn = registrations.siteId) => ({
    week: week(column),
    siteId: sql<string>`${site}`,
    byWeek: sql<boolean>`(grouping(${week(column)}) = 0)`,
    bySite: sql<boolean>`(grouping(${site}) = 0)`,
  });
  const sets = (column: AnyColumn, site: SQL | AnyColumn = registrations.siteId) =>
    sql`grouping sets ((), (${week(column)}), (${site}))`;

  const [funnelRows, completionRows, surveyRows, emptyRows, followUps, themes, trend, invitations] = await Promise.all([
    db
      .select({
        issued: count(),
        opened: count(sql`${registrations.openedAt} is not null`),
        completed: count(sql`${registrations.isCompleted}`),
        medianSeconds: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${registrations.completedAt} - ${registrations.createdAt}))::float8`,
      })
      .from(registrations)
      .where(and(issuedCodes, gte(registrations.createdAt, range.start), lt(registrations.createdAt, range.end))),
    db
      .select({
        ...byWeekAndSite(registrations.completedAt),
        completed: count(),
        respondents: count(hasResponded(db)),
      })
      .from(registrations)
      .where(completedInRange)
      .groupBy(sets(registrations.completedAt)),
    db
      .select({
        ...byWeekAndSite(surveys.createdAt, surveySiteId),
        surveys: count(),
        ...npsColumns,
        ...averageColumns,
        reviewInvitations: count(sql`${surveys.reviewUrl} is not null`),
        reviewsOpened: count(sql`${surveys.reviewOpenedAt} is not null`),
      })
      .from(surveys)
      .innerJoin(customers, eq(customers.id, surveys.customerId))
      .innerJoin(registrations, eq(registrations.id, customers.registrationId))
      .leftJoin(surveyInvitations, eq(surveyInvitations.id, surveys.invitationId))
      .where(responsesInRange)
      .groupBy(sets(surveys.createdAt, surveySiteId)),
    db
      .select({ empty: count() })
      .from(surveys)
      .innerJoin(customers, eq(customers.id, surveys.customerId))
      .innerJoin(registrations, eq(registrations.id, customers.registrationId))
      .leftJoin(surveyInvitations, eq(surveyInvitations.id, surveys.invitationId))
      .where(and(surveysInRange, isEmptySurveyRow)),
    followUpFigures(db, scope.sites, range, now, query),
    themeFigures(db, responsesInRange),
    scoreTrend(db, responsesInRange, range, timeZone),
    invitationFigures(db, scope.sites, range, query),
  ]);

  const noNps = { promoters: 0, passives: 0, detractors: 0 };
  const totalOf = <T extends { byWeek: unknown; bySite: unknown }>(rows: T[]) =>
    rows.find((row) => !row.byWeek && !row.bySite);
  const f = funnelRows[0]!;
  const cohort = totalOf(completionRows) ?? { completed: 0, respondents: 0 };
  const fb = totalOf(surveyRows) ?? {
    surveys: 0,
    ...noNps,
    ...(Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, null])) as Record<SurveyQuestion, null>),
  };

  type Tally = { completed: number; promoters: number; passives: number; detractors: number };
  const weeks = new Map<string, Tally>();
  const sites = new Map<string, Tally>();
  /** Per site: respondents invited to review (their site had a review page) and those who opened it. */
  const reviews = new Map<string, { reviewInvitations: number; reviewsOpened: number }>();
  const tallyOf = (row: { byWeek: unknown; week: string; siteId: string }) => {
    const [map, key] = row.byWeek ? [weeks, row.week] : [sites, row.siteId];
    if (!map.has(key)) map.set(key, { completed: 0, ...noNps });
    return map.get(key)!;
  };
  for (const row of completionRows) if (row.byWeek || row.bySite) tallyOf(row).completed = row.completed;
  for (const row of surveyRows) {
    if (row.byWeek || row.bySite) Object.assign(tallyOf(row), pick(row, ['promoters', 'passives', 'detractors']));
    if (row.bySite) reviews.set(row.siteId, pick(row, ['reviewInvitations', 'reviewsOpened']));
  }

  return {
    range: { from: range.from, to: range.to, timeZone, clock: scope.of ?? 'reader' },
    site: scope.site,
    funnel: {
      issued: f.issued,
      opened: f.opened,
      completed: f.completed,
      completionRate: f.issued ? f.completed / f.issued : null,
      medianMinutesToComplete: f.medianSeconds === null ? null : Math.round(f.medianSeconds / 60),
    },
    feedback: withNps({
      surveys: fb.surveys,
      empty: emptyRows[0]!.empty,
      respondents: cohort.respondents,
      offered: cohort.completed,
      responseRate: responseRate({ respondents: cohort.respondents, offered: cohort.completed }),
      promoters: fb.promoters,
      passives: fb.passives,
      detractors: fb.detractors,
      averages: Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, fb[q]])) as Record<SurveyQuestion, number | null>,
      signUp: trend.signUp,
      afterVisit: trend.afterVisit,
    }),
    scoreWeeks: trend.weeks,
    invitations,
    weeks: [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([key, row]) => ({ week: key, ...withNps(row) })),
    sites: [...sites]
      .map(([siteId, row]) => ({
        siteId,
        ...withNps(row),
        ...(reviews.get(siteId) ?? { reviewInvitations: 0, reviewsOpened: 0 }),
      }))
      .sort((a, b) => b.completed - a.completed || a.siteId.localeCompare(b.siteId)),
    followUps,
    themes,
  };
}
