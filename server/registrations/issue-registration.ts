import type { CountryCode } from 'libphonenumber-js/min';
import { CUSTOMER_MESSAGES } from '../../src/domain/customer';
import { toE164 } from '../../src/domain/phone';
import type { IssuedRegistration, NewRegistration } from '../../src/domain/registration';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';
import { validationFailed } from '../lib/api-error';
import { hashToken, newId, newRegistrationToken } from '../lib/tokens';
import { toRegistration } from './registration-record';

const DAY_MS = 24 * 60 * 60 * 1000;

interface IssueOptions {
  publicUrl: string;
  tokenTtlDays: number;
  /** A point-of-sale may send a national number: it is read in the operator's own country. */
  defaultPhoneCountry?: CountryCode;
  now?: Date;
}

/** Stores a sale's registration under the hash of a fresh code; the code itself exists only in the answer. */
export async function issueRegistration(
  db: Db,
  sale: NewRegistration,
  options: IssueOptions,
): Promise<IssuedRegistration> {
  const mobileNumber = toE164(sale.mobileNumber, options.defaultPhoneCountry);
  if (!mobileNumber) throw validationFailed({ mobileNumber: CUSTOMER_MESSAGES.mobileNumber });
  const now = options.now ?? new Date();
  const token = newRegistrationToken();
  const [row] = await db
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
  return {
    token,
    url: `${options.publicUrl}/?id=${token}`,
    registration: toRegistration(row!, token),
  };
}
