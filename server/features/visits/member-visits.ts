import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { MEMBER_PAGE_VISITS, RECENT_VISIT_DAYS, type MemberVisits } from '../../../src/domain/visits';
import type { Db, Tx } from '../../platform/db/client';
import { visits } from '../../platform/db/schema';
import { visitsIn, type SiteScope } from '../members/list-conditions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A member's visits on their page (`VISIT_FIGURES`): every visit of their number, from before they joined too
 * (decision 052), at the sites the caller may see.
 */
export async function memberVisits(
  db: Db | Tx,
  scope: SiteScope,
  mobileNumber: string,
  now = new Date(),
): Promise<MemberVisits> {
  const theirs = and(eq(visits.mobileNumber, mobileNumber), visitsIn(scope));
  const since = new Date(now.getTime() - RECENT_VISIT_DAYS * DAY_MS);
  const [figures] = await db
    .select({
      // Each driver gives an aggregate's time its own way (a string or a Date): both read alike.
      lastVisitAt: sql<string | null>`max(${visits.visitedAt})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value).toISOString(),
      ),
      recentCount:
        sql<number>`count(*) filter (where ${and(gte(visits.visitedAt, since), lte(visits.visitedAt, now))})`.mapWith(
          Number,
        ),
    })
    .from(visits)
    .where(theirs);
  const latest = await db
    .select({ id: visits.id, siteId: visits.siteId, visitedAt: visits.visitedAt, package: visits.packageName })
    .from(visits)
    .where(theirs)
    .orderBy(desc(visits.visitedAt), desc(visits.id))
    .limit(MEMBER_PAGE_VISITS);
  return {
    lastVisitAt: figures?.lastVisitAt ?? null,
    recentCount: figures?.recentCount ?? 0,
    latest: latest.map((row) => ({ ...row, visitedAt: row.visitedAt.toISOString() })),
  };
}
