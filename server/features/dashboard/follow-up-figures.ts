import { and, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DashboardFigures, FollowUpFigures } from '../../../src/domain/dashboard';
import type { RootCause } from '../../../src/domain/follow-ups';
import type { Db } from '../../platform/db/client';
import { followUpCases } from '../../platform/db/schema';
import { notDemoMember, type DemoShown } from '../demo/not-demo';
import { inCaseSites, isOverdue } from '../follow-ups/case-columns';
import type { SiteScope } from '../members/list-conditions';

const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Resolved by its due time: the promise to the member kept. */
const keptPromise = sql`${followUpCases.resolvedAt} <= ${followUpCases.dueAt}`;

/**
 * The cases opened in a range, as the dashboard reports them (decision 026): how many, how many wait for a first
 * contact and are overdue now, how soon they were first contacted, and how many were resolved in time. In all and
 * by site in one pass (GROUPING SETS), then the root causes of the resolved ones by site.
 */
export async function followUpFigures(
  db: Db,
  sites: SiteScope,
  range: { start: Date; end: Date },
  now: Date,
  shown?: DemoShown,
): Promise<DashboardFigures['followUps']> {
  const openedInRange = and(
    notDemoMember(followUpCases.customerId, shown),
    inCaseSites(sites),
    gte(followUpCases.openedAt, range.start),
    lt(followUpCases.openedAt, range.end),
  );
  // Past its due time, resolved or not: whether the promise was kept is known.
  const decided = sql`(${followUpCases.resolvedAt} is not null or ${followUpCases.dueAt} < ${now.toISOString()}::timestamptz)`;

  const [rows, causes] = await Promise.all([
    db
      .select({
        siteId: followUpCases.siteId,
        bySite: sql<boolean>`(grouping(${followUpCases.siteId}) = 0)`,
        opened: sql<number>`count(*)`.mapWith(Number),
        open: count(sql`${followUpCases.status} = 'open'`),
        overdue: count(isOverdue(now)),
        // percentile_cont leaves out the cases nobody has contacted yet (their interval is null).
        medianSeconds: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from ${followUpCases.contactedAt} - ${followUpCases.openedAt}))::float8`,
        resolvedOnTime: count(keptPromise),
        decided: count(decided),
      })
      .from(followUpCases)
      .where(openedInRange)
      .groupBy(sql`grouping sets ((), (${followUpCases.siteId}))`),
    db
      .select({
        siteId: followUpCases.siteId,
        rootCause: followUpCases.rootCause,
        cases: sql<number>`count(*)`.mapWith(Number),
      })
      .from(followUpCases)
      .where(and(openedInRange, isNotNull(followUpCases.rootCause)))
      .groupBy(followUpCases.siteId, followUpCases.rootCause),
  ]);

  const figures = (row: (typeof rows)[number]): FollowUpFigures => ({
    opened: row.opened,
    open: row.open,
    overdue: row.overdue,
    medianMinutesToFirstContact: row.medianSeconds === null ? null : Math.round(row.medianSeconds / 60),
    resolvedOnTime: row.resolvedOnTime,
    resolvedOnTimeRate: row.decided ? row.resolvedOnTime / row.decided : null,
  });

  return {
    // The grand total's row (the empty grouping set) is there even when no case is: counts of 0, a null median.
    ...figures(rows.find((row) => !row.bySite)!),
    sites: rows
      .filter((row) => row.bySite)
      .map((row) => ({ siteId: row.siteId, ...figures(row) }))
      .sort((a, b) => b.opened - a.opened || a.siteId.localeCompare(b.siteId)),
    rootCauses: causes
      .map((row) => ({ siteId: row.siteId, rootCause: row.rootCause as RootCause, cases: row.cases }))
      .sort((a, b) => a.siteId.localeCompare(b.siteId) || b.cases - a.cases || a.rootCause.localeCompare(b.rootCause)),
  };
}
