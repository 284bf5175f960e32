import { and, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../src/domain/survey';
import { registrations, surveyInvitations, surveys } from '../../platform/db/schema';
import type { DemoShown } from '../demo/not-demo';
import { notDemoRegistration } from '../demo/not-demo';
import { SCORE_COLUMNS } from '../surveys/empty-survey';

/** Which sites a query covers: every one, or a list (a manager's, or the one chosen). */
export type SiteScope = 'all' | readonly string[];

export const count = (condition?: SQL) =>
  condition ? sql<number>`count(*) filter (where ${condition})::int` : sql<number>`count(*)::int`;

/** The recommend question's bands (docs/decisions/012-dashboard-figures.md): 0, unanswered, is in none. */
export const npsColumns = {
  promoters: count(sql`${surveys.recommendToOthersScore} >= 9`),
  passives: count(sql`${surveys.recommendToOthersScore} between 7 and 8`),
  detractors: count(sql`${surveys.recommendToOthersScore} between 1 and 6`),
};

/** Each question's mean over the surveys that answered it (0 is unanswered), to one decimal. */
export const averageColumns = Object.fromEntries(
  SURVEY_QUESTIONS.map((question) => [
    question,
    sql<number | null>`round(avg(nullif(${SCORE_COLUMNS[question]}, 0)), 1)::float8`,
  ]),
) as Record<SurveyQuestion, SQL<number | null>>;

/**
 * The Monday of an instant's week on a zone's clock, as "YYYY-MM-DD". The zone is written into the statement, not
 * bound: GROUPING compares its argument with the grouping sets' as written, and two parameters are two expressions
 * to it. It is an IANA name (checked as the site or the staff member was saved), quoted as a literal.
 */
export function weekOf(column: AnyColumn, timeZone: string): SQL<string> {
  const zone = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
  return sql<string>`to_char(date_trunc('week', ${column} at time zone ${zone}), 'YYYY-MM-DD')`;
}

/**
 * The site a survey counts at (decision 053): an answer to an invitation is the visit's site's, one at sign-up its
 * code's. Read over `surveys` joined to its member, their registration, and (left) the invitation it answers.
 */
export const surveySiteId = sql<string>`coalesce(${surveyInvitations.siteId}, ${registrations.siteId})`;

/** Asked after a visit: the survey answers an invitation. */
export const afterVisit = isNotNull(surveys.invitationId);

/**
 * The surveys the dashboard counts at the chosen sites: those at sign-up of an issued code (a sign-up without a code
 * belongs to no site: decision 012), and every answer to an invitation, whoever's profile it is; never the demo's.
 */
export const countedSurveys = (sites: SiteScope, shown: DemoShown): SQL | undefined =>
  and(
    notDemoRegistration(registrations.id, shown),
    or(afterVisit, eq(registrations.isManual, false)),
    sites === 'all' ? undefined : inArray(surveySiteId, [...sites]),
  );
