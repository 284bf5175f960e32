import type { Registration, SavedProfile } from '../../../src/domain/registration';
import { maskPhoneNumber } from '../../../src/domain/phone';
import type { customers, registrations } from '../../db/schema';

type RegistrationRow = typeof registrations.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** The registration record of spec §3. Once completed, the mobile number is masked and no profile is attached. */
export function toRegistration(row: RegistrationRow, token: string, profile?: CustomerRow): Registration {
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
    ...(profile && !row.isCompleted ? { profile: toSavedProfile(profile) } : {}),
  };
}

function toSavedProfile(row: CustomerRow): SavedProfile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    email: row.email,
    vehicleYear: row.vehicleYear,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    vehicleColor: row.vehicleColor,
    isSubscribedToNewsletters: row.isSubscribedToNewsletters,
    isSubscribedToSmsMessaging: row.isSubscribedToSmsMessaging,
  };
}
