import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DashboardFigures } from '../../../src/domain/dashboard';
import { THEMES, type Theme } from '../../../src/domain/themes';
import type { Db } from '../../platform/db/client';
import { customers, registrations, surveyInvitations, surveys } from '../../platform/db/schema';
import { mentionsTheme } from '../feedback/theme-conditions';
import { surveySiteId } from './survey-columns';

/**
 * How many of the surveys `where` selects mention each theme in their comment, by site (decision 028): the same
 * word list the feedback list filters by, counted in the database, and of those how many came from promoters,
 * passives and detractors (decision 046: "Wash quality: 12 praise, 5 complaints"). Sites and themes with none are
 * left out. A survey counts at its site as the dashboard's other figures read it (survey-columns.ts).
 */
export async function themeFigures(db: Db, where: SQL | undefined): Promise<DashboardFigures['themes']> {
  const score = surveys.recommendToOthersScore;
  // Who said it, by the recommend question's bands (decision 012): praise from promoters, complaints from detractors.
  const bands = {
    all: sql`true`,
    promoters: sql`${score} >= 9`,
    passives: sql`${score} between 7 and 8`,
    detractors: sql`${score} between 1 and 6`,
  };
  type Band = keyof typeof bands;
  const counts = Object.fromEntries(
    THEMES.flatMap((theme) =>
      (Object.keys(bands) as Band[]).map((band) => [
        `${theme}:${band}`,
        sql<number>`count(*) filter (where ${mentionsTheme(surveys.comments, theme)} and ${bands[band]})`.mapWith(
          Number,
        ),
      ]),
    ),
  ) as Record<`${Theme}:${Band}`, SQL<number>>;
  const rows = await db
    .select({ siteId: surveySiteId, ...counts })
    .from(surveys)
    .innerJoin(customers, eq(customers.id, surveys.customerId))
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .leftJoin(surveyInvitations, eq(surveyInvitations.id, surveys.invitationId))
    // A survey without a comment mentions nothing: the patterns run only over the ones with words.
    .where(and(where, ne(surveys.comments, '')))
    .groupBy(surveySiteId);
  return rows
    .flatMap((row) =>
      THEMES.map((theme) => ({
        siteId: row.siteId,
        theme,
        surveys: row[`${theme}:all`],
        promoters: row[`${theme}:promoters`],
        passives: row[`${theme}:passives`],
        detractors: row[`${theme}:detractors`],
      })),
    )
    .filter((entry) => entry.surveys > 0)
    .sort((a, b) => a.siteId.localeCompare(b.siteId) || b.surveys - a.surveys || a.theme.localeCompare(b.theme));
}
