import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DashboardFigures } from '../../src/domain/dashboard';
import { THEMES, type Theme } from '../../src/domain/themes';
import type { Db } from '../db/client';
import { customers, registrations, surveys } from '../db/schema';
import { mentionsTheme } from '../feedback/theme-conditions';

/**
 * How many of the surveys `where` selects mention each theme in their comment, by site (decision 028): the same
 * word list the feedback list filters by, counted in the database. Sites and themes with none are left out.
 */
export async function themeFigures(db: Db, where: SQL | undefined): Promise<DashboardFigures['themes']> {
  const counts = Object.fromEntries(
    THEMES.map((theme) => [
      theme,
      sql<number>`count(*) filter (where ${mentionsTheme(surveys.comments, theme)})`.mapWith(Number),
    ]),
  ) as Record<Theme, SQL<number>>;
  const rows = await db
    .select({ siteId: registrations.siteId, ...counts })
    .from(surveys)
    .innerJoin(customers, eq(customers.id, surveys.customerId))
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    // A survey without a comment mentions nothing: the patterns run only over the ones with words.
    .where(and(where, ne(surveys.comments, '')))
    .groupBy(registrations.siteId);
  return rows
    .flatMap((row) => THEMES.map((theme) => ({ siteId: row.siteId, theme, surveys: row[theme] })))
    .filter((entry) => entry.surveys > 0)
    .sort((a, b) => a.siteId.localeCompare(b.siteId) || b.surveys - a.surveys || a.theme.localeCompare(b.theme));
}
