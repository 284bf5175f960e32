import { describe, expect, it } from 'vitest';
import { completionOf } from '../../../src/domain/completion';
import { emptyRegistration, manualRegistration } from '../../../src/domain/local-registration';

describe('what the thank-you and survey pages keep of a completed profile', () => {
  it('keeps the plan to renew and the customer, and nothing else of the registration', () => {
    const registration = {
      ...emptyRegistration(),
      id: 'reg-1',
      token: 'secret-code',
      mobileNumber: '+12015550143',
      planName: 'Unlimited Wash Club',
      rechargeDate: '2026-12-03',
    };
    expect(completionOf(registration, 'cust-1')).toEqual({
      membership: { planName: 'Unlimited Wash Club', rechargeDate: '2026-12-03' },
      customerId: 'cust-1',
    });
  });

  it('has no plan for a sign-up without a code', () => {
    expect(completionOf(manualRegistration('+12015550143'), 'cust-2')).toEqual({
      membership: null,
      customerId: 'cust-2',
    });
  });

  it('has no plan without a registration', () => {
    expect(completionOf(null, null)).toEqual({ membership: null, customerId: null });
  });
});
