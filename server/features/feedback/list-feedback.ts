import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NPS_BAND_SCORES } from '../../../src/domain/dashboard';
import type { FeedbackEntry, FeedbackQuery, FeedbackThemes } from '../../../src/domain/feedback';
import type { Page } from '../../../src/domain/paging';
import { THEMES, themesOf } from '../../../src/domain/themes';
import { themeFigures } from '../dashboard/theme-figures';
import type { Db } from '../../platform/db/client';
import { readKeysetPage, type KeysetOrder } from '../../platform/lists/keyset-page';
import { customers, registrations, sites as siteTable, surveys } from '../../platform/db/schema';
import { notDemoRegistration } from '../demo/not-demo';
import { toMemberSurvey } from '../members/find-member';
import { inDays, inSites, siteNameColumn, type SiteScope } from '../members/list-conditions';
import { isSurveyResponse } from '../surveys/empty-survey';
import { mentionsTheme } from './theme-conditions';

/** The list's filters, and the clock its days are counted on (decision 046; UTC when none is given). */
export type FeedbackFilters = Omit<FeedbackQuery, 'limit' | 'after'> & { timeZone?: string };

/** The recommend score's bands, as the dashboard counts them (decision 012): 0 is unanswered and in none. */
function inBand(band: FeedbackQuery['band']): SQL | undefined {
  if (band === undefined) return undefined;
  const [low, high] = NPS_BAND_SCORES[band];
  return sql`${surveys.recommendToOthersScore} between ${low} and ${high}`;
}

/**
 * The filters of the list and its export; a theme is found in the comments by the database, so pages stay full. An
 * empty survey is no feedback (decision 038): neither lists it.
 */
export const feedbackConditions = (sites: SiteScope, query: FeedbackFilters) =>
  and(
    isSurveyResponse,
    notDemoRegistration(registrations.id, query),
    inSites(sites),
    inDays(surveys.createdAt, query.from, query.to, query.timeZone),
    inBand(query.band),
    query.theme ? mentionsTheme(surveys.comments, query.theme) : undefined,
  );

export const feedbackColumns = {
  survey: surveys,
  memberName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  siteId: registrations.siteId,
  siteName: siteNameColumn,
};

export type FeedbackRow = { survey: typeof surveys.$inferSelect; memberName: string; siteId: string; siteName: string };

export const toFeedbackEntry = ({ survey, memberName, siteId }: FeedbackRow): FeedbackEntry => ({
  ...toMemberSurvey(survey),
  memberId: survey.customerId,
  memberName,
  siteId,
  themes: themesOf(survey.comments),
});

/** Surveys newest first, ties by id. */
const NEWEST_FIRST: KeysetOrder = {
  parts: [
    { expression: surveys.createdAt, part: 'time' },
    { expression: surveys.id, part: 'id' },
  ],
  direction: 'desc',
};

/** Surveys with their comments, newest first, a keyset page at a time. */
export async function listFeedbackRows(db: Db, sites: SiteScope, query: FeedbackQuery & { timeZone?: string }) {
  return readKeysetPage(NEWEST_FIRST, query, (keyset) =>
    db
      .select({ ...feedbackColumns, cursorKey: keyset.cursorKey })
      .from(surveys)
      .innerJoin(customers, eq(customers.id, surveys.customerId))
      .innerJoin(registrations, eq(registrations.id, customers.registrationId))
      .leftJoin(siteTable, eq(siteTable.id, registrations.siteId))
      .where(and(feedbackConditions(sites, query), keyset.after))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

export async function listFeedback(
  db: Db,
  sites: SiteScope,
  query: FeedbackQuery & { timeZone?: string },
): Promise<Page<FeedbackEntry>> {
  const { rows, nextCursor } = await listFeedbackRows(db, sites, query);
  return { results: rows.map(toFeedbackEntry), nextCursor };
}

/**
 * The themes of the surveys the list holds for these sites and days, every site together, with who said each: the
 * dashboard's count (server/features/dashboard/theme-figures.ts) on the list's own conditions, so a count's link to the list
 * filtered by its theme and band shows as many surveys as it says.
 */
export async function feedbackThemes(
  db: Db,
  sites: SiteScope,
  filters: Pick<FeedbackFilters, 'from' | 'to' | 'timeZone'>,
): Promise<FeedbackThemes> {
  const bySite = await themeFigures(db, feedbackConditions(sites, filters));
  const themes = THEMES.map((theme) => {
    const entries = bySite.filter((entry) => entry.theme === theme);
    const sum = (key: 'surveys' | 'promoters' | 'passives' | 'detractors') =>
      entries.reduce((total, entry) => total + entry[key], 0);
    return {
      theme,
      surveys: sum('surveys'),
      promoters: sum('promoters'),
      passives: sum('passives'),
      detractors: sum('detractors'),
    };
  });
  return { themes: themes.filter((entry) => entry.surveys > 0).sort((a, b) => b.surveys - a.surveys) };
}
