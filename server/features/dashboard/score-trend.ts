import { eq, sql, type SQL } from 'drizzle-orm';
import { netPromoterScore, type DashboardFigures, type ScoreFigures } from '../../../src/domain/dashboard';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../src/domain/survey';
import type { Db } from '../../platform/db/client';
import { customers, registrations, surveyInvitations, surveys } from '../../platform/db/schema';
import { afterVisit, averageColumns, count, npsColumns, weekOf } from './survey-columns';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every Monday of the weeks the days from `from` to `to` touch, as "YYYY-MM-DD": calendar dates, whatever the zone. */
export function mondaysOf(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const monday = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const last = Date.parse(`${to}T00:00:00Z`);
  const weeks: string[] = [];
  for (let day = monday; day <= last; day += 7 * DAY_MS) weeks.push(new Date(day).toISOString().slice(0, 10));
  return weeks;
}

const noScores = (): ScoreFigures => ({
  surveys: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  nps: null,
  averages: Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, null])) as Record<SurveyQuestion, null>,
});

/**
 * The responses `responses` selects (the range's, at the chosen sites), split by when they were asked for (decision
 * 053: at sign-up, or after a visit), in all and by week, with NPS and each question's average; one pass over them
 * (GROUPING SETS). Every week of the range is listed, a week without a response with zeros and no scores, so a
 * trend shows its gaps.
 */
export async function scoreTrend(
  db: Db,
  responses: SQL | undefined,
  range: { from: string; to: string },
  timeZone: string,
): Promise<{ signUp: ScoreFigures; afterVisit: ScoreFigures; weeks: DashboardFigures['scoreWeeks'] }> {
  const week = weekOf(surveys.createdAt, timeZone);
  const source = sql<boolean>`(${afterVisit})`;
  const rows = await db
    .select({
      week,
      afterVisit: source,
      byWeek: sql<boolean>`(grouping(${week}) = 0)`,
      bySource: sql<boolean>`(grouping(${source}) = 0)`,
      surveys: count(),
      ...npsColumns,
      ...averageColumns,
    })
    .from(surveys)
    .innerJoin(customers, eq(customers.id, surveys.customerId))
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .leftJoin(surveyInvitations, eq(surveyInvitations.id, surveys.invitationId))
    .where(responses)
    .groupBy(sql`grouping sets ((${source}), (${week}), (${week}, ${source}))`);

  const figures = (row: (typeof rows)[number] | undefined): ScoreFigures =>
    row
      ? {
          surveys: row.surveys,
          promoters: row.promoters,
          passives: row.passives,
          detractors: row.detractors,
          nps: netPromoterScore(row),
          averages: Object.fromEntries(SURVEY_QUESTIONS.map((q) => [q, row[q]])) as Record<
            SurveyQuestion,
            number | null
          >,
        }
      : noScores();
  const find = (byWeek: boolean, weekOfRow: string | null, bySource: boolean, isAfterVisit: boolean | null) =>
    rows.find(
      (row) =>
        row.byWeek === byWeek &&
        row.bySource === bySource &&
        (!byWeek || row.week === weekOfRow) &&
        (!bySource || row.afterVisit === isAfterVisit),
    );
  return {
    signUp: figures(find(false, null, true, false)),
    afterVisit: figures(find(false, null, true, true)),
    weeks: mondaysOf(range.from, range.to).map((monday) => ({
      week: monday,
      all: figures(find(true, monday, false, null)),
      signUp: figures(find(true, monday, true, false)),
      afterVisit: figures(find(true, monday, true, true)),
    })),
  };
}
