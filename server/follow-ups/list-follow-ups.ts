import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FollowUpCount, FollowUpQuery, FollowUpSummary } from '../../src/domain/follow-ups';
import type { Page } from '../../src/domain/paging';
import type { Db } from '../db/client';
import { customers, followUpCases, staff, surveys } from '../db/schema';
import type { SiteScope } from '../members/list-filters';
import { inCaseSites, isOverdue, summaryColumns, toFollowUpSummary } from './case-columns';

/** The inbox's filters, with `assignee: me` already read as the caller's id (`none`: nobody's yet). */
export type InboxFilters = Omit<FollowUpQuery, 'site' | 'assignee'> & { assignee?: string };

function assignedTo(assignee: InboxFilters['assignee']): SQL | undefined {
  if (assignee === undefined) return undefined;
  return assignee === 'none' ? isNull(followUpCases.assigneeId) : eq(followUpCases.assigneeId, assignee);
}

/** 0 for an overdue case, 1 for any other: the inbox's first key. */
const overdueFirst = (now: Date) => sql`(case when ${isOverdue(now)} then 0 else 1 end)`;

/**
 * The inbox: overdue cases first, then the oldest opened, a keyset page at a time after the case `after` names.
 * Overdue is judged as of `now`, for the page and its cursor alike; a case that falls due between two pages moves
 * to the top of the list, where the next refresh shows it.
 */
export async function listFollowUps(
  db: Db,
  scope: SiteScope,
  query: InboxFilters,
  now = new Date(),
): Promise<Page<FollowUpSummary>> {
  const cursor = query.after
    ? sql`(${overdueFirst(now)}, ${followUpCases.openedAt}, ${followUpCases.id}) > (
        select ${overdueFirst(now)}, ${followUpCases.openedAt}, ${followUpCases.id}
        from ${followUpCases} where ${followUpCases.id} = ${query.after})`
    : undefined;
  const rows = await db
    .select(summaryColumns(now))
    .from(followUpCases)
    .innerJoin(customers, eq(customers.id, followUpCases.customerId))
    .innerJoin(surveys, eq(surveys.id, followUpCases.surveyId))
    .leftJoin(staff, eq(staff.id, followUpCases.assigneeId))
    .where(
      and(
        inCaseSites(scope),
        query.status ? eq(followUpCases.status, query.status) : undefined,
        assignedTo(query.assignee),
        cursor,
      ),
    )
    .orderBy(overdueFirst(now), asc(followUpCases.openedAt), asc(followUpCases.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    results: page.map(toFollowUpSummary),
    nextCursor: rows.length > query.limit ? page.at(-1)!.followUp.id : null,
  };
}

/** The navigation's count: cases waiting for a first contact, and how many of them are overdue. */
export async function countFollowUps(db: Db, scope: SiteScope, now = new Date()): Promise<FollowUpCount> {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${followUpCases.status} = 'open')`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${isOverdue(now)})`.mapWith(Number),
    })
    .from(followUpCases)
    .where(inCaseSites(scope));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
