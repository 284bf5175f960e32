import { describe, expect, it } from 'vitest';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { validate } from '../../../src/domain/validation';

const sale = { mobileNumber: '+12015550143', planName: 'Basic', amount: 10, rechargeDate: '2026-12-31' };

const errorsFor = (input: unknown) => {
  const result = validate(newRegistrationSchema, input);
  return result.ok ? {} : result.errors;
};

describe('a point-of-sale registration', () => {
  it('takes real dates and timestamps only, as PostgreSQL and JavaScript both read them', () => {
    expect(validate(newRegistrationSchema, { ...sale, saleDate: '2026-11-22T14:30:00+05:00' }).ok).toBe(true);
    for (const rechargeDate of ['2026-02-30', '0000-01-01', '26-12-01']) {
      expect(validate(newRegistrationSchema, { ...sale, rechargeDate }).ok, rechargeDate).toBe(false);
    }
    for (const saleDate of ['2026-01-01T00:00:00+05', '0000-06-01T00:00:00Z', '2026-02-30T00:00:00Z']) {
      expect(validate(newRegistrationSchema, { ...sale, saleDate }).ok, saleDate).toBe(false);
    }
  });

  it('refuses control characters in stored text', () => {
    expect(validate(newRegistrationSchema, { ...sale, planName: 'Basic\u0000' })).toEqual({
      ok: false,
      errors: { planName: 'Remove the unsupported characters' },
    });
  });

  it('fills in what a sale leaves out: no source system, a new customer, nothing to send; the site is the route’s', () => {
    // A site left out is the caller's to decide (their only site, or site 0): decision 045.
    expect(validate(newRegistrationSchema, sale)).toEqual({
      ok: true,
      value: { ...sale, sourceSystem: '', isReturningCustomer: false },
    });
  });

  it('trims the texts it keeps', () => {
    const result = validate(newRegistrationSchema, {
      ...sale,
      mobileNumber: ' +12015550143 ',
      planName: '  Basic  ',
      siteId: ' north ',
      sourceSystem: ' pos-7 ',
      isReturningCustomer: true,
      send: 'sms',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        ...sale,
        siteId: 'north',
        sourceSystem: 'pos-7',
        isReturningCustomer: true,
        send: 'sms',
      },
    });
  });

  it.each([
    [{ mobileNumber: undefined }, { mobileNumber: 'mobileNumber is required' }],
    [{ mobileNumber: '   ' }, { mobileNumber: 'mobileNumber is required' }],
    [{ planName: undefined }, { planName: 'planName is required' }],
    [{ planName: ' ' }, { planName: 'planName is required' }],
    [{ amount: '10' }, { amount: 'amount must be a number' }],
    [{ amount: -0.01 }, { amount: 'amount must not be negative' }],
    [{ amount: 100_000.01 }, { amount: 'amount is too large' }],
    [{ rechargeDate: 20261231 }, { rechargeDate: 'Use a date as YYYY-MM-DD' }],
    [{ rechargeDate: '31/12/2026' }, { rechargeDate: 'Use a date as YYYY-MM-DD' }],
    [{ rechargeDate: '2026-02-29' }, { rechargeDate: 'Use a real calendar date' }],
    [{ rechargeDate: '1899-12-31' }, { rechargeDate: 'Use a real calendar date' }],
    [{ rechargeDate: '3000-01-01' }, { rechargeDate: 'Use a real calendar date' }],
    [{ saleDate: 1764000000000 }, { saleDate: 'Use an ISO 8601 timestamp' }],
    [{ saleDate: 'yesterday' }, { saleDate: 'Use an ISO 8601 timestamp' }],
    [{ saleDate: '2026-01-01T00:00:00+05' }, { saleDate: 'Use a real date and time, such as 2026-11-22T14:30:00Z' }],
    [{ siteId: 'north\tside' }, { siteId: 'Remove the unsupported characters' }],
    [{ sourceSystem: 'x'.repeat(41) }, { sourceSystem: 'Invalid length: Expected <=40 but received 41' }],
    [{ send: 'email' }, { send: 'send must be "sms" or left out' }],
  ])('refuses %j with %j', (overrides, errors) => {
    expect(errorsFor({ ...sale, ...overrides })).toEqual(errors);
  });

  it.each([
    { amount: 0 },
    { amount: 100_000 },
    { rechargeDate: '1900-01-01' },
    { rechargeDate: '2999-12-31' },
    { rechargeDate: '2028-02-29' },
    { saleDate: '2026-11-22T14:30:00Z' },
  ])('accepts %j', (overrides) => {
    expect(errorsFor({ ...sale, ...overrides })).toEqual({});
  });
});
