import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SentText, TextKind } from '../../../src/domain/invitations';
import type { Db, Tx } from '../../platform/db/client';
import { registrations, smsMessages, surveyInvitations } from '../../platform/db/schema';
import { toSmsStatus } from '../integrations/sms/queue-sms';
import type { SiteScope } from './list-conditions';

/** The most texts a member's page lists: the newest. */
export const MEMBER_TEXTS_SHOWN = 50;

type SmsRow = typeof smsMessages.$inferSelect;

/** A text as a member's page lists it: its status, its kind, and the site its code or visit was at. */
export const toSentText = (row: SmsRow, siteId: string): SentText => ({
  ...toSmsStatus(row),
  id: row.id,
  kind: row.kind as TextKind,
  createdAt: row.createdAt.toISOString(),
  siteId,
  invitationId: row.invitationId,
});

/**
 * Every text of a member, newest first (decision 053): their registration's (the code's link and its reminder) and
 * their invitations' after visits. A code's text is about the registration's site, an invitation's about its visit's:
 * a caller who may not see that site does not see its invitations' texts, as they do not see the visits there
 * (decision 052).
 */
export async function memberTexts(
  db: Db | Tx,
  sites: SiteScope,
  member: { customerId: string; registrationId: string },
): Promise<SentText[]> {
  const theirInvitations = db
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(eq(surveyInvitations.customerId, member.customerId));
  const rows = await db
    .select({
      text: smsMessages,
      siteId: sql<string>`coalesce(${surveyInvitations.siteId}, ${registrations.siteId})`,
    })
    .from(smsMessages)
    .innerJoin(registrations, eq(registrations.id, smsMessages.registrationId))
    .leftJoin(surveyInvitations, eq(surveyInvitations.id, smsMessages.invitationId))
    .where(
      and(
        or(eq(smsMessages.registrationId, member.registrationId), inArray(smsMessages.invitationId, theirInvitations)),
        sites === 'all'
          ? undefined
          : or(isNull(smsMessages.invitationId), inArray(surveyInvitations.siteId, [...sites])),
      ),
    )
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(MEMBER_TEXTS_SHOWN);
  return rows.map(({ text, siteId }) => toSentText(text, siteId));
}
