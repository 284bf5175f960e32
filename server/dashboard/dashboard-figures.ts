import { and, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import {
  DEFAULT_RANGE_DAYS,
  netPromoterScore,
  type DashboardFigures,
  type DashboardQuery,
  type NpsCounts,
} from '../../src/domain/dashboard';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../src/domain/survey';
import type { Db } from '../db/client';
import { customers, registrations, surveys } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which sites a query covers: every one, or a list (a manager's, or the one chosen). */
export type SiteScope = 'all' | readonly string[];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The days asked for, or the last 30 up to today (UTC), as a half-open range of instants. */
export function dayRange(query: Pick<DashboardQuery, 'from' | 'to'>, now = new Date()) {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  return {
    from,
    to,
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  };
}

const inSites = (sites: SiteScope): SQL | undefined =>
  sites === 'all' ? undefined : inArray(registrations.siteId, [...sites]);

const count = (condition?: SQL) =>
  condition ? sql<number>`count(*) filter (where ${condition})::int` : sql<number>`count(*)::int`;

/** The recommend question's bands (docs/decisions/012-dashboard-figures.md): 0, unanswered, is in none. */
const npsColumns = {
  promoters: count(sql`${surveys.recommendToOthersScore} >= 9`),
  passives: count(sql`${surveys.recommendToOthersScore} between 7 and 8`),
  detractors: count(sql`${surveys.recommendToOthersScore} between 1 and 6`),
};

const withNps = <T extends { promoters: number; passives: number; detractors: number }>(row: T): T & NpsCounts => ({
  ...row,
  nps: netPromoterScore(row),
});

const COLUMN_OF: Record<SurveyQuestion, typeof surveys.washQualityScore> = {
  recommendToOthersScore: surveys.recommendToOthersScore,
  washQualityScore: surveys.washQualityScore,
  cleanlinessScore: surveys.cleanlinessScore,
  serviceScore: surveys.serviceScore,
  valueScore: surveys.valueScore,
};

/** Each question's mean over the customers who answered it, to one decimal. */
const averageColumns = Object.fromEntries(
  SURVEY_QUESTIONS.map((question) => [
    question,
    sql<number | null>`round(avg(nullif(${COLUMN_OF[question]}, 0)), 1)::float8`,
  ]),
) as Record<SurveyQuestion, SQL<number | null>>;

/**
 * The dashboard's figures for issued codes (a sign-up without a code belongs to no site and has no funnel).
 * The funnel follows the codes issued in the range; completions, surveys and NPS count what happened in it.
 */
export async function dashboardFigures(
  db: Db,
  scope: { sites: SiteScope; site: string | null },
  query: Pick<DashboardQuery, 'from' | 'to'>,
  now = new Date(),
): Promise<DashboardFigures> {
  const range = dayRange(query, now);
  const issuedCodes = and(eq(registrations.isManual, false), inSites(scope.sites));
  const completedInRange = and(
    issuedCodes,
    gte(registrations.completedAt, range.start),
    lt(registrations.completedAt, range.end),
  );
  const surveysInRange = and(issuedCodes, gte(surveys.createdAt, range.start), lt(surveys.createdAt, range.end));
  // Each survey with the registration (and so the site) its customer came through.
  const withSites = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(customers, eq(customers.id, surveys.customerId))
      .innerJoin(registrations, eq(registrations.id, customers.registrationId))
      .where(surveysInRange);

  const week = (column: AnyColumn) =>
    sql<string>`to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [funnel, feedback, completedCount, completedByWeek, npsByWeek, completedBySite, npsBySite] = await Promise.all([
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
    withSites(
      db
        .select({ surveys: count(), ...npsColumns, ...averageColumns })
        .from(surveys)
        .$dynamic(),
    ),
    db.select({ completed: count() }).from(registrations).where(completedInRange),
    db
      .select({ week: week(registrations.completedAt), completed: count() })
      .from(registrations)
      .where(completedInRange)
      .groupBy(sql`1`),
    withSites(
      db
        .select({ week: week(surveys.createdAt), ...npsColumns })
        .from(surveys)
        .$dynamic(),
    ).groupBy(sql`1`),
    db
      .select({ siteId: registrations.siteId, completed: count() })
      .from(registrations)
      .where(completedInRange)
      .groupBy(registrations.siteId),
    withSites(
      db
        .select({ siteId: registrations.siteId, ...npsColumns })
        .from(surveys)
        .$dynamic(),
    ).groupBy(registrations.siteId),
  ]);

  const f = funnel[0]!;
  const fb = feedback[0]!;
  const completed = completedCount[0]!.completed;
  const noNps = { promoters: 0, passives: 0, detractors: 0 };

  const weeks = new Map<string, { completed: number; promoters: number; passives: number; detractors: number }>();
  for (const row of completedByWeek) weeks.set(row.week, { ...noNps, completed: row.completed });
  for (const { week: key, ...counts } of npsByWeek)
    weeks.set(key, { completed: weeks.get(key)?.completed ?? 0, ...counts });

  const sites = new Map<string, { completed: number; promoters: number; passives: number; detractors: number }>();
  for (const row of completedBySite) sites.set(row.siteId, { ...noNps, completed: row.completed });
  for (const { siteId, ...counts } of npsBySite)
    sites.set(siteId, { completed: sites.get(siteId)?.completed ?? 0, ...counts });

  return {
    range: { from: range.from, to: range.to },
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
      promoters: fb.promoters,
      passives: fb.passives,
      detractors: fb.detractors,
      responseRate: completed ? fb.surveys / completed : null,
      averages: Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, fb[q]])) as Record<SurveyQuestion, number | null>,
    }),
    weeks: [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([key, row]) => ({ week: key, ...withNps(row) })),
    sites: [...sites]
      .map(([siteId, row]) => ({ siteId, ...withNps(row) }))
      .sort((a, b) => b.completed - a.completed || a.siteId.localeCompare(b.siteId)),
  };
}
