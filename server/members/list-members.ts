import { and, desc, eq, sql } from 'drizzle-orm';
import type { MemberQuery, MemberSummary } from '../../src/domain/members';
import type { Page } from '../../src/domain/paging';
import type { Db } from '../db/client';
import { customers, registrations, sites as siteTable, smsSuppressions } from '../db/schema';
import { memberConditions, siteNameColumn, type SiteScope } from './list-filters';

/** The columns a members row (and its CSV line) reads. */
export const memberColumns = {
  customer: customers,
  siteId: registrations.siteId,
  siteName: siteNameColumn,
  planName: registrations.planName,
  /** When the member's number texted STOP, while that stands (issue 26); null otherwise. */
  smsOptedOutAt: smsSuppressions.optedOutAt,
};

export type MemberRow = {
  customer: typeof customers.$inferSelect;
  siteId: string;
  siteName: string;
  planName: string;
  smsOptedOutAt: Date | null;
};

export const toMemberSummary = ({ customer, siteId, planName }: MemberRow): MemberSummary => ({
  id: customer.id,
  name: `${customer.firstName} ${customer.lastName}`,
  email: customer.email,
  mobileLastFour: customer.mobileNumber.slice(-4),
  siteId,
  planName,
  joinedAt: customer.createdAt.toISOString(),
  isSubscribedToSmsMessaging: customer.isSubscribedToSmsMessaging,
  isSubscribedToNewsletters: customer.isSubscribedToNewsletters,
});

/** Members newest first, one keyset page after `after` (the id of the last member of the previous page). */
export async function listMemberRows(
  db: Db,
  sites: SiteScope,
  query: MemberQuery,
): Promise<{ rows: MemberRow[]; nextCursor: string | null }> {
  const cursor = query.after
    ? sql`(${customers.createdAt}, ${customers.id}) < (select created_at, id from customers where id = ${query.after})`
    : undefined;
  const rows = await db
    .select(memberColumns)
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .leftJoin(siteTable, eq(siteTable.id, registrations.siteId))
    .leftJoin(smsSuppressions, eq(smsSuppressions.mobileNumber, customers.mobileNumber))
    .where(and(memberConditions(sites, query), cursor))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { rows: page, nextCursor: rows.length > query.limit ? page.at(-1)!.customer.id : null };
}

export async function listMembers(db: Db, sites: SiteScope, query: MemberQuery): Promise<Page<MemberSummary>> {
  const { rows, nextCursor } = await listMemberRows(db, sites, query);
  return { results: rows.map(toMemberSummary), nextCursor };
}
