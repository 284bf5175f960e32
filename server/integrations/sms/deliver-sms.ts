import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrations, smsMessages } from '../../db/schema';
import { isLastTry } from '../../jobs/queues';
import { smsText } from './sms-text';
import { SmsProviderError } from './twilio';

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
 * One try at texting a registration's link. Once it is sent, or given up on, the code is erased from the message
 * row: from then on only the registration's hash of it remains.
 */
export async function deliverSms(context: SmsContext, messageId: string, retryCount: number): Promise<void> {
  const now = context.now ?? (() => new Date());
  const [row] = await context.db
    .select({ message: smsMessages, mobileNumber: registrations.mobileNumber })
    .from(smsMessages)
    .innerJoin(registrations, eq(registrations.id, smsMessages.registrationId))
    .where(eq(smsMessages.id, messageId));
  if (!row || row.message.status !== 'queued' || !row.message.linkToken) return;

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
    const giveUp = !retryable || isLastTry(row.message.createdAt, retryCount, now());
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
