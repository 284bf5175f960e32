import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FollowUpCount, FollowUpQuery, FollowUpSummary } from '../../../src/domain/follow-ups';
import type { Page } from '../../../src/domain/paging';
import type { Db } from '../../platform/db/client';
import { readKeysetPage, type KeysetOrder } from '../../platform/lists/keyset-page';
import { customers, followUpCases, staff, surveys } from '../../platform/db/schema';
import { notDemoMember, type DemoShown } from '../demo/not-demo';
import type { SiteScope } from '../members/list-conditions';
import { inCaseSites, isOverdue, summaryColumns, toFollowUpSummary } from './case-columns';

/** The inbox's filters, with `assignee: me` already read as the caller's id (`none`: nobody's yet). */
export type InboxFilters = Omit<FollowUpQuery, 'site' | 'assignee'> & { assignee?: string };

function assignedTo(assignee: InboxFilters['assignee']): SQL | undefined {
  if (assignee === undefined) return undefined;
  return assignee === 'none' ? isNull(followUpCases.assigneeId) : eq(followUpCases.assigneeId, assignee);
}

/**
 * The viewer's own cases first, overdue first within them and within the rest (ranks 0–3), then the oldest opened,
 * ties by id. Without a viewer (the command line), overdue first.
 */
const overdueFirst = (now: Date, viewerId: string | undefined): KeysetOrder => ({
  parts: [
    {
      expression: sql`((case when ${viewerId ? sql`${followUpCases.assigneeId} = ${viewerId}` : sql`false`} then 0 else 2 end) + (case when ${isOverdue(now)} then 0 else 1 end))`,
      part: 'rank',
    },
    { expression: followUpCases.openedAt, part: 'time' },
    { expression: followUpCases.id, part: 'id' },
  ],
  direction: 'asc',
});

/**
 * The inbox: overdue cases first, then the oldest opened, a keyset page at a time after the cursor `after`.
 * Overdue is judged as of `now`; a cursor keeps the rank its case had on the page it ends, so a case that falls due
 * between two pages moves to the top of the list, where the next refresh shows it.
 */
export async function listFollowUps(
  db: Db,
  scope: SiteScope,
  query: InboxFilters,
  now = new Date(),
  viewerId?: string,
): Promise<Page<FollowUpSummary>> {
  const page = await readKeysetPage(overdueFirst(now, viewerId), query, (keyset) =>
    db
      .select({ ...summaryColumns(now), cursorKey: keyset.cursorKey })
      .from(followUpCases)
      .innerJoin(customers, eq(customers.id, followUpCases.customerId))
      .leftJoin(surveys, eq(surveys.id, followUpCases.surveyId))
      .leftJoin(staff, eq(staff.id, followUpCases.assigneeId))
      .where(
        and(
          notDemoMember(followUpCases.customerId, query),
          inCaseSites(scope),
          query.status === 'active'
            ? inArray(followUpCases.status, ['open', 'contacted'])
            : query.status
              ? eq(followUpCases.status, query.status)
              : undefined,
          assignedTo(query.assignee),
          keyset.after,
        ),
      )
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
  return { results: page.rows.map(toFollowUpSummary), nextCursor: page.nextCursor };
}

/** The navigation's count: cases waiting for a first contact, and how many of them are overdue. */
export async function countFollowUps(
  db: Db,
  scope: SiteScope,
  now = new Date(),
  shown?: DemoShown,
): Promise<FollowUpCount> {
  // An aggregate without `group by` answers one row, of counts that are never null.
  const [counts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${followUpCases.status} = 'open')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${isOverdue(now)})`.mapWith(Number),
    })
    .from(followUpCases)
    .where(and(notDemoMember(followUpCases.customerId, shown), inCaseSites(scope)));
  return counts!;
}
