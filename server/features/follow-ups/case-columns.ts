import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { FOLLOW_UP_MESSAGES, type FollowUpStatus, type FollowUpSummary } from '../../../src/domain/follow-ups';
import type { Tx } from '../../platform/db/client';
import { customers, followUpCases, staff, surveys } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import type { SiteScope } from '../members/list-conditions';

/** The cases of these sites: a manager's own, or every one. */
export const inCaseSites = (scope: SiteScope): SQL | undefined =>
  scope === 'all' ? undefined : inArray(followUpCases.siteId, [...scope]);

/**
 * Still open past its due time, as of `now`: the one rule the inbox's order, its flag and the navigation's count
 * read. A contacted case is in hand, whatever the time.
 */
export const isOverdue = (now: Date): SQL<boolean> =>
  sql<boolean>`(${followUpCases.status} = 'open' and ${followUpCases.dueAt} < ${now.toISOString()}::timestamptz)`;

/** What an inbox row (and the head of a case's page) reads, on cases joined to their member, survey and assignee. */
export const summaryColumns = (now: Date) => ({
  followUp: followUpCases,
  memberName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`,
  recommendScore: surveys.recommendToOthersScore,
  overdue: isOverdue(now),
  assigneeName: staff.name,
  assigneeEmail: staff.email,
});

export interface SummaryRow {
  followUp: typeof followUpCases.$inferSelect;
  memberName: string;
  recommendScore: number | null;
  overdue: boolean;
  assigneeName: string | null;
  assigneeEmail: string | null;
}

export const toFollowUpSummary = (row: SummaryRow): FollowUpSummary => {
  const c = row.followUp;
  return {
    id: c.id,
    status: c.status as FollowUpStatus,
    siteId: c.siteId,
    memberId: c.customerId,
    memberName: row.memberName,
    surveyId: c.surveyId,
    recommendScore: row.recommendScore,
    openedAt: c.openedAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    overdue: row.overdue,
    assignee:
      c.assigneeId === null ? null : { id: c.assigneeId, name: row.assigneeName ?? '', email: row.assigneeEmail ?? '' },
    contactedAt: c.contactedAt?.toISOString() ?? null,
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
  };
};

/**
 * The case, locked for the rest of the caller's transaction, if it is one the caller may see: another site's case
 * is as absent to a manager as one that does not exist (404), so a guessed or edited id tells them nothing.
 */
export async function lockCase(tx: Tx, scope: SiteScope, id: string): Promise<typeof followUpCases.$inferSelect> {
  const [row] = await tx
    .select()
    .from(followUpCases)
    .where(and(eq(followUpCases.id, id), inCaseSites(scope)))
    .for('update');
  if (!row) throw new ApiError(404, 'not_found', FOLLOW_UP_MESSAGES.notFound);
  return row;
}

/** A resolved case is closed: it takes notes, and nothing else. */
export function refuseClosed(row: typeof followUpCases.$inferSelect): void {
  if (row.status === 'resolved') throw new ApiError(409, 'case_closed', FOLLOW_UP_MESSAGES.closed);
}
