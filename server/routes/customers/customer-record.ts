import type { Customer } from '../../../src/domain/customer';
import type { customers } from '../../db/schema';

export function toCustomer(row: typeof customers.$inferSelect): Customer {
  return {
    id: row.id,
    registrationId: row.registrationId,
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
    isAgreedToTerms: row.isAgreedToTerms,
  };
}
