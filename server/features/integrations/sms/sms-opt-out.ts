import { and, eq, inArray, isNull } from 'drizzle-orm';
import { smsKeywordOf } from './keyword-reading';
import type { SmsKeyword } from '../../../../src/domain/sms-keywords';
import type { Db, Tx } from '../../../platform/db/client';
import {
  consentHistory,
  customers,
  registrations,
  smsInboundMessages,
  smsMessages,
  smsSuppressions,
} from '../../../platform/db/schema';
import { newId } from '../../../platform/values/tokens';
import { DEFAULT_FOLLOW_UP_HOURS } from '../../../../src/domain/follow-ups';
import { asksForAPerson, followUpText } from '../../follow-ups/text-follow-up';
import { smsOptedInData, smsOptedOutData, type SmsKeywordEvidence } from '../event-payloads';
import { recordEvent } from '../outbox';
import { cancelQueuedTexts, OPTED_OUT_CODE } from './queue-sms';

/** A text a number sent us, as Twilio's incoming-message webhook describes it. */
export interface InboundText {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  receivedAt: Date;
}

/** Whether nothing may be texted to this number (E.164): it texted an opt-out keyword and not START since. */
export async function isSuppressed(db: Db | Tx, mobileNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ n: smsSuppressions.mobileNumber })
    .from(smsSuppressions)
    .where(eq(smsSuppressions.mobileNumber, mobileNumber));
  return !!row;
}

const membersWith = async (tx: Tx, mobileNumber: string) =>
  tx
    .select({ id: customers.id, subscribed: customers.isSubscribedToSmsMessaging })
    .from(customers)
    .where(eq(customers.mobileNumber, mobileNumber))
    .orderBy(customers.createdAt, customers.id);

const historyRow = (customerId: string, action: 'withdrawn' | 'opted_in', evidence: SmsKeywordEvidence) => ({
  id: newId(),
  customerId,
  channel: 'sms',
  action,
  source: 'sms_keyword',
  keyword: evidence.keyword,
  messageSid: evidence.messageSid,
  senderNumber: evidence.senderNumber,
  at: evidence.at,
});

/**
 * An opt-out, honoured everywhere in one transaction: the number goes on the suppression list with its evidence (the
 * first opt-out's is kept while it stands), every member with the number who had agreed to texts has that consent
 * withdrawn (a history row each; their profile's agreement stays recorded), every text still queued for the number
 * is cancelled, and `member.sms_opted_out` is written for the webhook receivers.
 */
async function optOut(tx: Tx, evidence: SmsKeywordEvidence): Promise<void> {
  await tx
    .insert(smsSuppressions)
    .values({
      mobileNumber: evidence.mobileNumber,
      keyword: evidence.keyword,
      messageSid: evidence.messageSid,
      senderNumber: evidence.senderNumber,
      optedOutAt: evidence.at,
    })
    .onConflictDoNothing();
  const members = await membersWith(tx, evidence.mobileNumber);
  const withdrawn = members.filter((member) => member.subscribed).map((member) => member.id);
  if (withdrawn.length) {
    await tx.update(customers).set({ isSubscribedToSmsMessaging: false }).where(inArray(customers.id, withdrawn));
    await tx.insert(consentHistory).values(withdrawn.map((id) => historyRow(id, 'withdrawn', evidence)));
  }
  // The link's code goes with the text, as when a text is given up on; the job finds it no longer queued.
  await cancelQueuedTexts(
    tx,
    inArray(
      smsMessages.registrationId,
      tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.mobileNumber, evidence.mobileNumber)),
    ),
    OPTED_OUT_CODE,
    evidence.at,
  );
  await recordEvent(
    tx,
    'member.sms_opted_out',
    smsOptedOutData(
      evidence,
      members.map((member) => member.id),
    ),
    evidence.at,
  );
}

/**
 * START (or another opt-in keyword) from a suppressed number lifts the suppression: it may be texted again. It does
 * not give back a member's consent to texts (decision 030): that takes their agreement on a profile. A history row
 * per member records it, and `member.sms_opted_in` tells the receivers. From a number not suppressed, nothing changes.
 */
async function optIn(tx: Tx, evidence: SmsKeywordEvidence): Promise<void> {
  const lifted = await tx
    .delete(smsSuppressions)
    .where(eq(smsSuppressions.mobileNumber, evidence.mobileNumber))
    .returning({ n: smsSuppressions.mobileNumber });
  if (!lifted.length) return;
  const members = await membersWith(tx, evidence.mobileNumber);
  if (members.length) {
    await tx.insert(consentHistory).values(members.map((member) => historyRow(member.id, 'opted_in', evidence)));
  }
  await recordEvent(
    tx,
    'member.sms_opted_in',
    smsOptedInData(
      evidence,
      members.map((member) => member.id),
    ),
    evidence.at,
  );
}

/** What a received text was read as, and what it changed. */
export interface ReceivedText {
  keyword: SmsKeyword | null;
  /**
   * This text is the one that put the number on the suppression list (also when Twilio sends it again): the moment
   * for the one confirmation the rules allow, never for a number that had already opted out.
   */
  optedOut: boolean;
}

/**
 * Keeps a text a number sent us and acts on its keyword, in one transaction; a member's words besides a keyword open
 * or add to their follow-up case (decision 045). A message Twilio sends again (same
 * `MessageSid`: it retries when it got no answer) is kept once and acted on once. `maybe_opt_out` changes nothing:
 * the member is asked, by the reply, to text STOP (decision 040).
 */
export async function receiveText(
  db: Db,
  text: InboundText,
  options: { followUpHours: number } = { followUpHours: DEFAULT_FOLLOW_UP_HOURS },
): Promise<ReceivedText> {
  const keyword = smsKeywordOf(text.body);
  return db.transaction(async (tx) => {
    const stored = await tx
      .insert(smsInboundMessages)
      .values({
        id: newId(),
        messageSid: text.messageSid,
        fromNumber: text.from,
        toNumber: text.to,
        body: text.body,
        keyword: keyword?.keyword ?? null,
        keywordKind: keyword?.kind ?? null,
        keywordLanguage: keyword?.language ?? null,
        receivedAt: text.receivedAt,
      })
      .onConflictDoNothing({ target: smsInboundMessages.messageSid })
      .returning({ id: smsInboundMessages.id });
    // A member's own words reach someone at their site: a case, or an entry in the one in hand (decision 045).
    const kept = stored[0];
    if (kept && asksForAPerson(keyword)) {
      await followUpText(tx, { id: kept.id, from: text.from, receivedAt: text.receivedAt }, options.followUpHours);
    }
    if (keyword?.kind !== 'opt_out' && keyword?.kind !== 'opt_in') return { keyword, optedOut: false };
    const evidence: SmsKeywordEvidence = {
      mobileNumber: text.from,
      keyword: keyword.keyword,
      language: keyword.language,
      messageSid: text.messageSid,
      senderNumber: text.to,
      at: text.receivedAt,
    };
    if (stored.length) await (keyword.kind === 'opt_out' ? optOut(tx, evidence) : optIn(tx, evidence));
    if (keyword.kind === 'opt_in') return { keyword, optedOut: false };
    const [suppression] = await tx
      .select({ messageSid: smsSuppressions.messageSid })
      .from(smsSuppressions)
      .where(eq(smsSuppressions.mobileNumber, text.from));
    return { keyword, optedOut: suppression?.messageSid === text.messageSid };
  });
}

/** Keeps what we texted back to a received text, as its evidence; a reply already kept (a retry's) stays. */
export async function recordReply(db: Db, messageSid: string, reply: string): Promise<void> {
  await db
    .update(smsInboundMessages)
    .set({ reply })
    .where(and(eq(smsInboundMessages.messageSid, messageSid), isNull(smsInboundMessages.reply)));
}
