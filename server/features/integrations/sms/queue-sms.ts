import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { TextKind } from '../../../../src/domain/invitations';
import { nextSendTime } from '../../../../src/domain/quiet-hours';
import type { SmsStatus } from '../../../../src/domain/webhooks';
import type { Db, Tx } from '../../../platform/db/client';
import { sites, smsMessages } from '../../../platform/db/schema';
import { enqueue } from '../../../platform/jobs/job-queue';
import { QUEUES } from '../../../platform/jobs/queues';
import { newId } from '../../../platform/values/tokens';
import { siteClock, type QuietHoursDefaults } from './sending-window';

type SmsRow = typeof smsMessages.$inferSelect;

/** The error code of a text not sent because its registration was completed first (its link is used). */
export const COMPLETED_CODE = 'registration_completed';
/** The error code a text gets when its number opted out before it was sent. */
export const OPTED_OUT_CODE = 'sms_opted_out';
/** The error code of an invitation's texts not sent because the member answered first (decision 053). */
export const ANSWERED_CODE = 'invitation_answered';

/**
 * Why a reminder, or an invitation's text, is not sent when it is due (decision 053), besides a completion, an
 * answer or an opt-out: the code or the invitation expired, the first text never went out, the site turned the
 * reminder (or asking) off, the code cannot be made again, or the number had all the texts it may have today.
 */
export const CANCEL_CODES = {
  expired: 'code_expired',
  invitationExpired: 'invitation_expired',
  firstNotSent: 'first_text_not_sent',
  reminderOff: 'reminder_off',
  askingOff: 'invitation_off',
  codeNotKept: 'code_not_kept',
  budget: 'text_budget',
} as const;
export type CancelCode =
  | typeof COMPLETED_CODE
  | typeof OPTED_OUT_CODE
  | typeof ANSWERED_CODE
  | (typeof CANCEL_CODES)[keyof typeof CANCEL_CODES];

/**
 * Texts still queued (waiting for the sending window, or retrying) that must not go out: marked failed with why
 * (the console reads these codes as "cancelled"), the code of the link they carry erased. Their jobs find them no
 * longer queued.
 */
export async function cancelQueuedTexts(tx: Tx | Db, which: SQL, reason: CancelCode, at: Date): Promise<void> {
  await tx
    .update(smsMessages)
    .set({ status: 'failed', errorCode: reason, linkToken: null, updatedAt: at })
    .where(and(which, eq(smsMessages.status, 'queued')));
}

export const toSmsStatus = (row: SmsRow): SmsStatus => ({
  status: row.status as SmsStatus['status'],
  errorCode: row.errorCode,
  attempts: row.attempts,
  sentAt: row.sentAt?.toISOString() ?? null,
  // Only while it waits: once sent, `sentAt` says when.
  ...(row.status === 'queued' && row.scheduledFor ? { scheduledFor: row.scheduledFor.toISOString() } : {}),
});

/** Where and when a text is asked for: its registration's site decides whether it waits (decision 031). */
export interface SmsRequest {
  siteId: string;
  now: Date;
  quietHours: QuietHoursDefaults;
}

/**
 * When a text due at `at` may go out at its site: `at`, or its sending window's next opening after it (decision 031).
 * Null when it is due now and may go at once.
 */
async function sendTime(tx: Tx, request: SmsRequest, at: Date): Promise<Date | null> {
  const { timeZone, window } = await siteClock(tx, request.siteId, request.quietHours);
  const sendAt = nextSendTime(at, timeZone, window);
  return sendAt.getTime() > request.now.getTime() ? sendAt : null;
}

/** A text to queue: what it is, whose registration it goes to, and what it carries. */
interface QueuedText {
  registrationId: string;
  kind: TextKind;
  linkToken?: string;
  invitationId?: string;
}

/** Inserts a text's row and its job, which starts at `scheduledFor` (null: at once), in the caller's transaction. */
async function queueText(tx: Tx, text: QueuedText, scheduledFor: Date | null): Promise<SmsRow> {
  const [row] = await tx
    .insert(smsMessages)
    .values({
      id: newId(),
      registrationId: text.registrationId,
      kind: text.kind,
      linkToken: text.linkToken ?? null,
      invitationId: text.invitationId ?? null,
      scheduledFor,
    })
    .returning();
  await enqueue(tx, QUEUES.smsDelivery, { messageId: row!.id }, { startAfter: scheduledFor ?? undefined });
  return row!;
}

/**
 * Queues a first text now (within the site's window) and, when `reminderMinutes` is given, its one reminder due that
 * long after, within the window too (decision 053). A reminder's row carries no code: its link is made when it is sent.
 */
export async function queueTextWithReminder(
  tx: Tx,
  text: QueuedText,
  request: SmsRequest,
  reminder: { kind: TextKind; minutes: number } | null,
): Promise<SmsRow> {
  const first = await queueText(tx, text, await sendTime(tx, request, request.now));
  if (reminder) {
    const due = new Date(request.now.getTime() + reminder.minutes * 60_000);
    // A reminder is always scheduled: its day of retries counts from when it is due, not from when it was queued.
    const scheduledFor = (await sendTime(tx, request, due)) ?? due;
    await queueText(
      tx,
      { registrationId: text.registrationId, kind: reminder.kind, invitationId: text.invitationId },
      scheduledFor,
    );
  }
  return first;
}

/**
 * Queues the text that carries a registration's link, in the transaction that issues it. Asked for in its site's
 * quiet hours, it is scheduled for the sending window's next opening: the row says when, and its job starts then.
 * Without `request` (tests of the sending itself), it goes at once. With `remind` (issuing, not texting again), a
 * site whose code reminder is on also gets the one `code_reminder`, due its delay after now (decision 053).
 */
export async function queueRegistrationSms(
  tx: Tx,
  registrationId: string,
  token: string,
  request?: SmsRequest & { remind?: boolean },
): Promise<SmsStatus> {
  const text: QueuedText = { registrationId, kind: 'code', linkToken: token };
  if (!request) return toSmsStatus(await queueText(tx, text, null));
  let reminder: { kind: TextKind; minutes: number } | null = null;
  if (request.remind) {
    const [site] = await tx
      .select({ on: sites.codeReminder, minutes: sites.codeReminderMinutes })
      .from(sites)
      .where(eq(sites.id, request.siteId));
    if (site?.on) reminder = { kind: 'code_reminder', minutes: site.minutes };
  }
  return toSmsStatus(await queueTextWithReminder(tx, text, request, reminder));
}

/** A completed registration's texts still queued are not sent: the link they carry is used. */
export const cancelQueuedSms = (tx: Tx | Db, registrationId: string, at: Date): Promise<void> =>
  cancelQueuedTexts(tx, eq(smsMessages.registrationId, registrationId), COMPLETED_CODE, at);

/** The latest text of a registration's code, if any: its reminder, waiting or sent, is not the code's status. */
export async function findRegistrationSms(db: Db, registrationId: string): Promise<SmsStatus | null> {
  return (await latestCodeTexts(db, [registrationId])).get(registrationId)?.code ?? null;
}

/**
 * The latest text of each kind for each of these registrations: a code's status is its `code` text's, and its
 * reminder shows beside it (decision 053). One query for a page of codes.
 */
export async function latestCodeTexts(
  db: Db | Tx,
  registrationIds: readonly string[],
): Promise<Map<string, { code?: SmsStatus; reminder?: SmsStatus }>> {
  const found = new Map<string, { code?: SmsStatus; reminder?: SmsStatus }>();
  if (registrationIds.length === 0) return found;
  const rows = await db
    .select()
    .from(smsMessages)
    .where(
      and(
        inArray(smsMessages.registrationId, [...registrationIds]),
        inArray(smsMessages.kind, ['code', 'code_reminder']),
      ),
    )
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id));
  for (const row of rows) {
    const texts = found.get(row.registrationId) ?? {};
    const which = row.kind === 'code' ? 'code' : 'reminder';
    texts[which] ??= toSmsStatus(row);
    found.set(row.registrationId, texts);
  }
  return found;
}
