import { validCustomer } from '../../tests/fixtures/customer';
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

/** A customer as a completed form submits it. */
export const customerBody = validCustomer;

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
