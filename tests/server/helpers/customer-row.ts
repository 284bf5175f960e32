import type { customers } from '../../../server/platform/db/schema';

export type CustomerRow = typeof customers.$inferInsert;

/**
 * A completed profile's row, every NOT NULL column filled, as server/features/customers/complete-profile.ts writes one: the
 * one place a test spells out a customer row, so a new column is one edit here. A test names what it is about (the
 * ids and number always, and the names, flags or times it asserts); the rest is a plausible member.
 */
export function customerRow(
  row: Pick<CustomerRow, 'id' | 'registrationId' | 'mobileNumber'> & Partial<CustomerRow>,
): CustomerRow {
  const agreedAt = row.createdAt ?? new Date();
  return {
    firstName: 'Dana',
    lastName: 'Whitfield',
    address: '12 Harbor Lane',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    email: `${row.id}@example.com`,
    vehicleYear: 2019,
    vehicleMake: 'Toyota',
    vehicleModel: 'RAV4',
    vehicleColor: 'Blue',
    isSubscribedToNewsletters: false,
    isSubscribedToSmsMessaging: false,
    consentVersion: 'test',
    isAgreedToTerms: true,
    termsAgreedAt: agreedAt,
    ...row,
  };
}
