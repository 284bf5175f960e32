import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { CUSTOMER_MESSAGES, type CustomerSubmission } from '../../../src/domain/customer';
import { MANUAL_REGISTRATION_ID } from '../../../src/domain/registration-defaults';
import { toE164 } from '../../../src/domain/phone';
import type { Tx } from '../../platform/db/client';
import { registrations } from '../../platform/db/schema';
import { cancelQueuedSms } from '../integrations/sms/queue-sms';
import { ApiError, validationFailed } from '../../platform/http/api-error';
import { newId } from '../../platform/values/tokens';
import { ensureSites } from '../sites/sites';

/**
 * Closes the registration the customer came with, or opens and closes a manual one; answers its id and number.
 * It takes a transaction: the claim must roll back with whatever its caller fails to write after it.
 */
export async function claimRegistration(
  tx: Tx,
  submission: Pick<CustomerSubmission, 'registrationId' | 'mobileNumber'>,
  now: Date,
): Promise<{ id: string; mobileNumber: string }> {
  if (submission.registrationId === MANUAL_REGISTRATION_ID) {
    const mobileNumber = toE164(submission.mobileNumber ?? '');
    if (!mobileNumber) throw validationFailed({ mobileNumber: CUSTOMER_MESSAGES.mobileNumber });
    const id = newId();
    const [manual] = await tx
      .insert(registrations)
      .values({
        id,
        mobileNumber,
        saleDate: now,
        sourceSystem: 'manual',
        isManual: true,
        isCompleted: true,
        completedAt: now,
      })
      .returning({ siteId: registrations.siteId });
    // Its site is the default one (docs/spec.md §3: '0'), listed like any other so that an owner may name it.
    await ensureSites(tx, [manual!.siteId]);
    return { id, mobileNumber };
  }
  // One conditional update decides the race: concurrent submits on one code queue on its row and only the
  // first still finds it open.
  const [claimed] = await tx
    .update(registrations)
    .set({ isCompleted: true, completedAt: now })
    .where(
      and(
        eq(registrations.id, submission.registrationId),
        eq(registrations.isCompleted, false),
        eq(registrations.isManual, false),
        or(isNull(registrations.expiresAt), gt(registrations.expiresAt, now)),
      ),
    )
    .returning({ id: registrations.id, mobileNumber: registrations.mobileNumber });
  if (!claimed) {
    throw new ApiError(409, 'registration_unavailable', 'This registration code is invalid or has already been used.');
  }
  // A text still waiting (for its site's sending window, or a retry) would carry a used link: it is not sent.
  await cancelQueuedSms(tx, claimed.id, now);
  return claimed;
}
