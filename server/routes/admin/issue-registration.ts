import type { IssuedRegistration, NewRegistration } from '../../../src/domain/registration';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema';
import { hashToken, newId, newRegistrationToken } from '../../lib/tokens';
import { toRegistration } from '../registration-tokens/registration-record';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Stores a sale's registration under the hash of a fresh code; the code itself exists only in the answer. */
export async function issueRegistration(
  db: Db,
  input: NewRegistration & { mobileNumber: string },
  options: { publicUrl: string; tokenTtlDays: number; now?: Date },
): Promise<IssuedRegistration> {
  const now = options.now ?? new Date();
  const token = newRegistrationToken();
  const [row] = await db
    .insert(registrations)
    .values({
      id: newId(),
      tokenHash: hashToken(token),
      mobileNumber: input.mobileNumber,
      planName: input.planName,
      amountCents: Math.round(input.amount * 100),
      rechargeDate: input.rechargeDate,
      saleDate: input.saleDate ? new Date(input.saleDate) : now,
      siteId: input.siteId,
      sourceSystem: input.sourceSystem,
      isReturningCustomer: input.isReturningCustomer,
      expiresAt: new Date(now.getTime() + options.tokenTtlDays * DAY_MS),
    })
    .returning();
  return {
    token,
    url: `${options.publicUrl}/?id=${token}`,
    registration: toRegistration(row!, token),
  };
}
