import { and, eq } from 'drizzle-orm';
import type { MemberQuery, MemberSummary } from '../../../src/domain/members';
import type { Page } from '../../../src/domain/paging';
import type { Db } from '../../platform/db/client';
import { readKeysetPage, type KeysetOrder } from '../../platform/lists/keyset-page';
import { customers, registrations, sites as siteTable, smsSuppressions } from '../../platform/db/schema';
import { memberConditions, siteNameColumn, type SiteScope } from './list-conditions';

/** The columns a members row (and its CSV line) reads. */
export const memberColumns = {
  customer: customers,
  siteId: registrations.siteId,
  siteName: siteNameColumn,
  planName: registrations.planName,
  /** When the member's number texted STOP, while that stands (decision 030); null otherwise. */
  smsOptedOutAt: smsSuppressions.optedOutAt,
};

export type MemberRow = {
  customer: typeof customers.$inferSelect;
  siteId: string;
  siteName: string;
  planName: string;
  smsOptedOutAt: Date | null;
};

export const toMemberSummary = ({ customer, siteId, planName, smsOptedOutAt }: MemberRow): MemberSummary => ({
  id: customer.id,
  name: `${customer.firstName} ${customer.lastName}`,
  email: customer.email,
  mobileLastFour: customer.mobileNumber.slice(-4),
  siteId,
  planName,
  joinedAt: customer.createdAt.toISOString(),
  isSubscribedToSmsMessaging: customer.isSubscribedToSmsMessaging,
  isSubscribedToNewsletters: customer.isSubscribedToNewsletters,
  smsOptedOut: smsOptedOutAt !== null,
});

/** Members newest first, ties by id. */
const NEWEST_FIRST: KeysetOrder = {
  parts: [
    { expression: customers.createdAt, part: 'time' },
    { expression: customers.id, part: 'id' },
  ],
  direction: 'desc',
};

/** Members newest first, one keyset page after the cursor `after`. */
export async function listMemberRows(
  db: Db,
  sites: SiteScope,
  query: MemberQuery & { timeZone?: string },
): Promise<{ rows: MemberRow[]; nextCursor: string | null }> {
  return readKeysetPage(NEWEST_FIRST, query, (keyset) =>
    db
      .select({ ...memberColumns, cursorKey: keyset.cursorKey })
      .from(customers)
      .innerJoin(registrations, eq(registrations.id, customers.registrationId))
      .leftJoin(siteTable, eq(siteTable.id, registrations.siteId))
      .leftJoin(smsSuppressions, eq(smsSuppressions.mobileNumber, customers.mobileNumber))
      .where(and(memberConditions(sites, query), keyset.after))
      .orderBy(...keyset.orderBy)
      .limit(keyset.limit),
  );
}

export async function listMembers(
  db: Db,
  sites: SiteScope,
  query: MemberQuery & { timeZone?: string },
): Promise<Page<MemberSummary>> {
  const { rows, nextCursor } = await listMemberRows(db, sites, query);
  return { results: rows.map(toMemberSummary), nextCursor };
}
