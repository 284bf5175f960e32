import { SAVED_PROFILE_FIELDS } from '../../../src/domain/customer';
import { maskPhoneNumber } from '../../../src/domain/phone';
import type { Registration } from '../../../src/domain/registration';
import type { customers, registrations } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';

/** The registration record of docs/spec.md §3. Once completed, the mobile number is masked and no profile is attached. */
export function toRegistration(
  row: typeof registrations.$inferSelect,
  token: string,
  profile?: typeof customers.$inferSelect,
): Registration {
  return {
    id: row.id,
    amount: row.amountCents / 100,
    isCompleted: row.isCompleted,
    mobileNumber: row.isCompleted ? maskPhoneNumber(row.mobileNumber) : row.mobileNumber,
    planName: row.planName,
    rechargeDate: row.rechargeDate ?? '',
    saleDate: row.saleDate.toISOString(),
    siteId: row.siteId,
    sourceSystem: row.sourceSystem,
    token,
    customerId: row.customerId,
    isReturningCustomer: row.isReturningCustomer,
    ...(profile && !row.isCompleted ? { profile: pick(profile, SAVED_PROFILE_FIELDS) } : {}),
  };
}
