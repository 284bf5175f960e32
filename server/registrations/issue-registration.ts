import type { CountryCode } from 'libphonenumber-js/min';
import { CUSTOMER_MESSAGES } from '../../src/domain/customer';
import { toE164 } from '../../src/domain/phone';
import type { IssuedRegistration, NewRegistration } from '../../src/domain/registration';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import { ApiError, validationFailed } from '../lib/api-error';
import { registrationData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { queueRegistrationSms } from '../integrations/sms/queue-sms';
import { hashToken, newId, newRegistrationToken } from '../lib/tokens';
import { toRegistration } from './registration-record';

const DAY_MS = 24 * 60 * 60 * 1000;

interface IssueOptions {
  publicUrl: string;
  tokenTtlDays: number;
  /** A point-of-sale may send a national number: it is read in the operator's own country. */
  defaultPhoneCountry?: CountryCode;
  /** Whether an SMS provider is configured, so that `send: "sms"` can be honoured. */
  smsEnabled?: boolean;
  now?: Date;
}

/**
 * Stores a sale's registration under the hash of a fresh code, with its `registration.issued` event and, when asked,
 * the text message that carries the link, all in one transaction. The code itself is kept only in the answer and,
 * until the text is sent, in that message.
 */
export async function issueRegistration(
  db: Db,
  sale: NewRegistration,
  options: IssueOptions,
): Promise<IssuedRegistration> {
  const mobileNumber = toE164(sale.mobileNumber, options.defaultPhoneCountry);
  if (!mobileNumber) throw validationFailed({ mobileNumber: CUSTOMER_MESSAGES.mobileNumber });
  if (sale.send === 'sms' && !options.smsEnabled) {
    throw new ApiError(422, 'sms_unavailable', 'Text messages are not set up on this server (SMS_PROVIDER).');
  }
  const now = options.now ?? new Date();
  const token = newRegistrationToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrations)
      .values({
        id: newId(),
        tokenHash: hashToken(token),
        mobileNumber,
        planName: sale.planName,
        amountCents: Math.round(sale.amount * 100),
        rechargeDate: sale.rechargeDate,
        saleDate: sale.saleDate ? new Date(sale.saleDate) : now,
        siteId: sale.siteId,
        sourceSystem: sale.sourceSystem,
        isReturningCustomer: sale.isReturningCustomer,
        expiresAt: new Date(now.getTime() + options.tokenTtlDays * DAY_MS),
      })
      .returning();
    await recordEvent(tx, 'registration.issued', { registration: registrationData(row!) }, now);
    const sms = sale.send === 'sms' ? await queueRegistrationSms(tx, row!.id, token) : undefined;
    return {
      token,
      url: `${options.publicUrl}/?id=${token}`,
      registration: toRegistration(row!, token),
      ...(sms ? { sms } : {}),
    };
  });
}
