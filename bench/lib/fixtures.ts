import type { CustomerInput } from '../../src/domain/customer';
import type { NewRegistration } from '../../src/domain/registration';

/** What a point-of-sale sends after a sale; 555-01xx numbers are reserved for fiction. */
export const SALE: NewRegistration & { mobileNumber: string } = {
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-15',
  siteId: '7',
  sourceSystem: 'bench',
  isReturningCustomer: false,
};

/** A customer as a completed form submits it (the same record as the server tests' `validCustomer`). */
export function customerBody(registrationId: string): CustomerInput {
  return {
    id: '',
    registrationId,
    firstName: 'Dana',
    lastName: 'Whitfield',
    address: '12 Harbor Lane',
    address2: 'Apt 4',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    email: 'dana.whitfield@example.com',
    vehicleYear: 2019,
    vehicleMake: 'Toyota',
    vehicleModel: 'RAV4',
    vehicleColor: 'Blue',
    isSubscribedToNewsletters: true,
    isSubscribedToSmsMessaging: false,
    isAgreedToTerms: true,
  };
}

/** A full survey answer for an existing customer. */
export function surveyBody(customerId: string): Record<string, unknown> {
  return {
    customerId,
    recommendToOthersScore: 9,
    washQualityScore: 8,
    cleanlinessScore: 10,
    serviceScore: 9,
    valueScore: 7,
    comments: 'Quick and friendly.',
  };
}
