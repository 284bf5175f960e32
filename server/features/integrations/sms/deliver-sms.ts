import { eq, sql } from 'drizzle-orm';
import { nextSendTime } from '../../../../src/domain/quiet-hours';
import type { Db } from '../../../platform/db/client';
import { smsMessages } from '../../../platform/db/schema';
import { jobInsert } from '../../../platform/jobs/job-queue';
import { isLastTry, QUEUES } from '../../../platform/jobs/queues';
import type { Throttles } from '../../../platform/limits/throttles';
import { hashToken } from '../../../platform/values/tokens';
import { cancelQueuedTexts, CANCEL_CODES, OPTED_OUT_CODE, type CancelCode } from './queue-sms';
import { clockOf, type QuietHoursDefaults } from './sending-window';
import { isSuppressed } from './sms-opt-out';
import { planText, type PlanContext } from './text-plans';
import { SmsProviderError } from '../../../platform/outbound/twilio';

export interface SmsSender {
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string; status: string }>;
}

export interface SmsContext extends PlanContext {
  db: Db;
  sender: SmsSender;
  now?: () => Date;
  /** The texting budget a reminder spends when it goes (decision 053); without it (tests of sending), none is. */
  budget?: Pick<Throttles, 'textsByNumber'>;
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
 * One try at texting a queued text, of any kind (decision 053). Once it is sent, or given up on, a code it carried is
 * erased from its row: from then on only the registration's hash of it remains. A try finds out first whether the
 * text is still wanted (the number opted out; its kind's reasons, text-plans.ts: it is cancelled, with why) and
 * whether its site's sending window is open (if not, it is moved to the next opening). A reminder spends the number's
 * texting budget when it first goes; past it, it is cancelled.
 */
export async function deliverSms(context: SmsContext, messageId: string, retryCount: number): Promise<void> {
  const now = context.now ?? (() => new Date());
  const cancel = (code: CancelCode) => cancelQueuedTexts(context.db, eq(smsMessages.id, messageId), code, now());
  const [message] = await context.db.select().from(smsMessages).where(eq(smsMessages.id, messageId));
  if (!message || message.status !== 'queued') return;
  const plan = await planText(context, message, now());
  if (!plan) return;
  // The opt-out cancels the texts queued when it arrives; one queued since (its sale racing the STOP) stops here.
  if (await isSuppressed(context.db, plan.to)) return cancel(OPTED_OUT_CODE);
  if (plan.cancel) return cancel(plan.cancel);
  if (context.quietHours) {
    const { timeZone, window } = clockOf(plan.clock, context.quietHours);
    const asked = now();
    const sendAt = nextSendTime(asked, timeZone, window);
    if (sendAt.getTime() > asked.getTime()) {
      await reschedule(context.db, messageId, sendAt, asked);
      return;
    }
  }
  // The number's hash, as issuing keys it; a retry after the provider failed has spent it already.
  if (plan.reminder && message.attempts === 0 && context.budget) {
    if (!(await context.budget.textsByNumber.spend(hashToken(plan.to)))) return cancel(CANCEL_CODES.budget);
  }

  const attempts = message.attempts + 1;
  try {
    const sent = await context.sender.send({ to: plan.to, body: plan.body });
    const sentAt = now();
    await context.db.transaction(async (tx) => {
      await tx
        .update(smsMessages)
        .set({
          status: 'sent',
          attempts,
          providerMessageId: sent.providerMessageId,
          errorCode: null,
          linkToken: null,
          sentAt,
          updatedAt: sentAt,
        })
        .where(eq(smsMessages.id, messageId));
      await plan.afterSent?.(tx, sentAt);
    });
  } catch (error) {
    const code = error instanceof SmsProviderError ? error.code : 'request_failed';
    const retryable = error instanceof SmsProviderError ? error.retryable : true;
    // A scheduled text's day of retries starts when it was due to go out.
    const giveUp = !retryable || isLastTry(message.scheduledFor ?? message.createdAt, retryCount, now());
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
