import { and, desc, eq, type SQL } from 'drizzle-orm';
import { nextSendTime } from '../../../../src/domain/quiet-hours';
import type { SmsStatus } from '../../../../src/domain/webhooks';
import type { Db, Tx } from '../../../platform/db/client';
import { smsMessages } from '../../../platform/db/schema';
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
 * Texts still queued (waiting for the sending window, or retrying) that must not go out: marked failed with why
 * (the console reads these codes as "cancelled"), the code of the link they carry erased. Their jobs find them no
 * longer queued.
 */
export async function cancelQueuedTexts(
  tx: Tx | Db,
  which: SQL,
  reason: typeof COMPLETED_CODE | typeof OPTED_OUT_CODE | typeof ANSWERED_CODE,
  at: Date,
): Promise<void> {
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
 * Queues the text that carries a registration's link, in the transaction that issues it. Asked for in its site's
 * quiet hours, it is scheduled for the sending window's next opening: the row says when, and its job starts then.
 * Without `request` (tests of the sending itself), it goes at once.
 */
export async function queueRegistrationSms(
  tx: Tx,
  registrationId: string,
  token: string,
  request?: SmsRequest,
): Promise<SmsStatus> {
  let scheduledFor: Date | null = null;
  if (request) {
    const { timeZone, window } = await siteClock(tx, request.siteId, request.quietHours);
    const sendAt = nextSendTime(request.now, timeZone, window);
    if (sendAt.getTime() > request.now.getTime()) scheduledFor = sendAt;
  }
  const [row] = await tx
    .insert(smsMessages)
    .values({ id: newId(), registrationId, linkToken: token, scheduledFor })
    .returning();
  await enqueue(tx, QUEUES.smsDelivery, { messageId: row!.id }, { startAfter: scheduledFor ?? undefined });
  return toSmsStatus(row!);
}

/** A completed registration's texts still queued are not sent: the link they carry is used. */
export const cancelQueuedSms = (tx: Tx | Db, registrationId: string, at: Date): Promise<void> =>
  cancelQueuedTexts(tx, eq(smsMessages.registrationId, registrationId), COMPLETED_CODE, at);

/** The latest text sent for a registration, if any. */
export async function findRegistrationSms(db: Db, registrationId: string): Promise<SmsStatus | null> {
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.registrationId, registrationId))
    .orderBy(desc(smsMessages.createdAt))
    .limit(1);
  return row ? toSmsStatus(row) : null;
}
