import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { SmsReadingKind } from '../../../src/domain/sms-keywords';
import type {
  InboundSms,
  SmsConsent,
  SmsConsentAction,
  SmsConsentEntry,
  SmsConsentSource,
} from '../../../src/domain/sms-consent';
import type { Db, Tx } from '../../platform/db/client';
import { consentHistory, smsInboundMessages, smsSuppressions, type customers } from '../../platform/db/schema';

type CustomerRow = typeof customers.$inferSelect;

/** How many of a number's texts the member page lists. */
const INBOUND_ON_PAGE = 50;

export const toInboundSms = (row: typeof smsInboundMessages.$inferSelect): InboundSms => ({
  id: row.id,
  messageSid: row.messageSid,
  fromNumber: row.fromNumber,
  toNumber: row.toNumber,
  body: row.body,
  receivedAt: row.receivedAt.toISOString(),
  keyword: row.keyword,
  keywordKind: row.keywordKind as SmsReadingKind | null,
  reply: row.reply,
});

export const toConsentEntry = (row: typeof consentHistory.$inferSelect): SmsConsentEntry => ({
  action: row.action as SmsConsentAction,
  source: row.source as SmsConsentSource,
  at: row.at.toISOString(),
  keyword: row.keyword,
  messageSid: row.messageSid,
  senderNumber: row.senderNumber,
});

/**
 * The profile's agreement, read from the profile itself (`sms_consent_at`, which an opt-out never overwrites):
 * the first entry of every history, so no row had to be written for the members who agreed before there was one.
 */
const profileAgreement = (customer: CustomerRow): SmsConsentEntry[] =>
  customer.smsConsentAt
    ? [
        {
          action: 'agreed',
          source: 'profile',
          at: customer.smsConsentAt.toISOString(),
          keyword: null,
          messageSid: null,
          senderNumber: null,
        },
      ]
    : [];

/** The stored changes to these members' consent, oldest first. */
export const consentHistoryOf = (db: Db | Tx, customerIds: string[]) =>
  customerIds.length
    ? db
        .select()
        .from(consentHistory)
        .where(inArray(consentHistory.customerId, customerIds))
        .orderBy(asc(consentHistory.at), asc(consentHistory.seq))
    : Promise.resolve([]);

/** A member's consent to texts: the flag, their number's opt-out if it stands, and the history, oldest first. */
export async function smsConsentOf(db: Db | Tx, customer: CustomerRow): Promise<SmsConsent> {
  const [suppression] = await db
    .select()
    .from(smsSuppressions)
    .where(eq(smsSuppressions.mobileNumber, customer.mobileNumber));
  const changes = await consentHistoryOf(db, [customer.id]);
  return {
    agreed: customer.isSubscribedToSmsMessaging,
    optedOut: suppression
      ? {
          at: suppression.optedOutAt.toISOString(),
          keyword: suppression.keyword,
          messageSid: suppression.messageSid,
          senderNumber: suppression.senderNumber,
        }
      : null,
    history: [...profileAgreement(customer), ...changes.map(toConsentEntry)],
  };
}

/** The latest texts a number sent us, newest first. */
export async function inboundMessagesOf(db: Db | Tx, mobileNumber: string, limit = INBOUND_ON_PAGE) {
  const rows = await db
    .select()
    .from(smsInboundMessages)
    .where(eq(smsInboundMessages.fromNumber, mobileNumber))
    .orderBy(desc(smsInboundMessages.receivedAt), desc(smsInboundMessages.id))
    .limit(limit);
  return rows.map(toInboundSms);
}
