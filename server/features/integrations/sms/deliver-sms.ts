import { eq, sql } from 'drizzle-orm';
import { nextSendTime } from '../../../../src/domain/quiet-hours';
import type { Db } from '../../../platform/db/client';
import { registrations, sites, smsMessages, smsSuppressions } from '../../../platform/db/schema';
import { jobInsert } from '../../../platform/jobs/job-queue';
import { isLastTry, QUEUES } from '../../../platform/jobs/queues';
import { cancelQueuedTexts, COMPLETED_CODE, OPTED_OUT_CODE } from './queue-sms';
import { clockOf, siteClockColumns, type QuietHoursDefaults } from './sending-window';
import { smsText } from './sms-text';
import { SmsProviderError } from '../../../platform/outbound/twilio';

export interface SmsSender {
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string; status: string }>;
}

export interface SmsContext {
  db: Db;
  sender: SmsSender;
  template: string;
  operatorName: string;
  publicUrl: string;
  now?: () => Date;
  /**
   * DEFAULT_TIMEZONE and SMS_WINDOW: a try inside the site's quiet hours (a job that ran late, a retry past the
   * window's close) sends nothing and moves the text to the next opening. The server always gives them
   * (start-integrations.ts); without them, as in the tests of the sending itself, the hour is not looked at.
   */
  quietHours?: QuietHoursDefaults;
}

/**
 * Stands in for the provider when texts were queued while one was set and the server now runs without it: each try
 * fails as a provider outage would (`sms_unavailable`), so the text goes out if the setting comes back within the
 * retry window, and is marked failed, its code erased, when the window closes.
 */
export const noProvider: SmsSender = {
  send: () => Promise.reject(new SmsProviderError('sms_unavailable', true)),
};

/** Thrown to have the job retried; carries only the provider's code. */
export class SmsNotSent extends Error {
  constructor(readonly code: string) {
    super(`Text message not sent: ${code}`);
    this.name = 'SmsNotSent';
  }
}

/**
 * Moves a text to the next opening of its sending window: its row says when, and a job of its own starts then (this
 * one completes). Conditional on the row, so that a try run twice (its worker died before pg-boss heard it finish)
 * adds one job, not two.
 */
async function reschedule(db: Db, messageId: string, sendAt: Date, now: Date): Promise<void> {
  const at = sql`${sendAt.toISOString()}::timestamptz`;
  await db.execute(sql`
    with moved as (
      update ${smsMessages} set scheduled_for = ${at}, updated_at = ${now.toISOString()}::timestamptz
      where id = ${messageId} and status = 'queued' and scheduled_for is distinct from ${at}
      returning id
    )
    ${jobInsert(QUEUES.smsDelivery, sql`${JSON.stringify({ messageId })}::jsonb`, sql`exists (select 1 from moved)`, sendAt)}`);
}

/**
 * One try at texting a registration's link. Once it is sent, or given up on, the code is erased from the message
 * row: from then on only the registration's hash of it remains. A try finds out first whether the text is still
 * wanted (the number opted out, the registration was completed: it is not) and whether its site's sending window is
 * open (if not, it is moved to the next opening).
 */
export async function deliverSms(context: SmsContext, messageId: string, retryCount: number): Promise<void> {
  const now = context.now ?? (() => new Date());
  const [row] = await context.db
    .select({
      message: smsMessages,
      mobileNumber: registrations.mobileNumber,
      optedOut: smsSuppressions.mobileNumber,
      completed: registrations.isCompleted,
      site: siteClockColumns,
    })
    .from(smsMessages)
    .innerJoin(registrations, eq(registrations.id, smsMessages.registrationId))
    .leftJoin(smsSuppressions, eq(smsSuppressions.mobileNumber, registrations.mobileNumber))
    .leftJoin(sites, eq(sites.id, registrations.siteId))
    .where(eq(smsMessages.id, messageId));
  if (!row || row.message.status !== 'queued' || !row.message.linkToken) return;
  // The opt-out cancels the texts queued when it arrives; one queued since (its sale racing the STOP) stops here.
  if (row.optedOut) return cancelQueuedTexts(context.db, eq(smsMessages.id, messageId), OPTED_OUT_CODE, now());
  // Completing the profile cancels the texts queued then; this one catches a completion that raced it.
  if (row.completed) return cancelQueuedTexts(context.db, eq(smsMessages.id, messageId), COMPLETED_CODE, now());
  if (context.quietHours) {
    const { timeZone, window } = clockOf(row.site, context.quietHours);
    const asked = now();
    const sendAt = nextSendTime(asked, timeZone, window);
    if (sendAt.getTime() > asked.getTime()) {
      await reschedule(context.db, messageId, sendAt, asked);
      return;
    }
  }

  const link = `${context.publicUrl}/?id=${row.message.linkToken}`;
  const attempts = row.message.attempts + 1;
  try {
    const sent = await context.sender.send({
      to: row.mobileNumber,
      body: smsText(context.template, { operator: context.operatorName, link }),
    });
    await context.db
      .update(smsMessages)
      .set({
        status: 'sent',
        attempts,
        providerMessageId: sent.providerMessageId,
        errorCode: null,
        linkToken: null,
        sentAt: now(),
        updatedAt: now(),
      })
      .where(eq(smsMessages.id, messageId));
  } catch (error) {
    const code = error instanceof SmsProviderError ? error.code : 'request_failed';
    const retryable = error instanceof SmsProviderError ? error.retryable : true;
    // A scheduled text's day of retries starts when it was due to go out.
    const giveUp = !retryable || isLastTry(row.message.scheduledFor ?? row.message.createdAt, retryCount, now());
    await context.db
      .update(smsMessages)
      .set({
        status: giveUp ? 'failed' : 'queued',
        attempts,
        errorCode: code,
        ...(giveUp ? { linkToken: null } : {}),
        updatedAt: now(),
      })
      .where(eq(smsMessages.id, messageId));
    if (!giveUp) throw new SmsNotSent(code);
  }
}
