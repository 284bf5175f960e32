import { describe, expect, it } from 'vitest';
import { emptyRegistration, manualRegistration } from '../../../src/domain/local-registration';

describe('the registration before one is loaded (docs/spec.md §3)', () => {
  it('is empty, at site 0, for a new customer', () => {
    expect(emptyRegistration()).toEqual({
      id: '',
      amount: 0,
      isCompleted: false,
      mobileNumber: '',
      planName: '',
      rechargeDate: '',
      saleDate: '',
      siteId: '0',
      sourceSystem: '',
      token: '',
      customerId: null,
      isReturningCustomer: false,
    });
  });

  it('is made locally for a sign-up without a code, with the number typed and the time of the sale', () => {
    expect(manualRegistration('+12015550143', new Date('2026-11-22T14:30:00Z'))).toEqual({
      id: '-1',
      amount: 0,
      isCompleted: false,
      mobileNumber: '+12015550143',
      planName: '',
      rechargeDate: '',
      saleDate: '2026-11-22T14:30:00.000Z',
      siteId: '0',
      sourceSystem: '',
      token: '',
      customerId: null,
      isReturningCustomer: false,
    });
  });
});
