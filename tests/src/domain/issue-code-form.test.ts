import { describe, expect, it } from 'vitest';
import { issueCodeSchema } from '../../../src/domain/issue-code-form';
import { validate } from '../../../src/domain/validation';

const form = {
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amount: '29.99',
  rechargeDate: '2026-12-01',
  siteId: 'north',
};

const errorsFor = (overrides: Record<string, unknown>) => {
  const result = validate(issueCodeSchema, { ...form, ...overrides });
  return result.ok ? {} : result.errors;
};

describe('the console’s "Issue a code" form', () => {
  it('sends the amount as a number and the texts trimmed', () => {
    expect(
      validate(issueCodeSchema, { ...form, planName: '  Unlimited Wash Club ', amount: ' 29.99 ', siteId: ' north ' }),
    ).toEqual({
      ok: true,
      value: {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-01',
        siteId: 'north',
      },
    });
  });

  it.each(['+1234567', `+1${'2'.repeat(14)}`, '+447911123456'])('takes the mobile number %j', (mobileNumber) => {
    expect(errorsFor({ mobileNumber })).toEqual({});
  });

  it.each([
    '12015550143',
    '+123456',
    `+1${'2'.repeat(15)}`,
    '+02015550143',
    'x+12015550143',
    '+12015550143x',
    '+1201555014a',
    ' +12015550143',
    42,
  ])('refuses the mobile number %j', (mobileNumber) => {
    expect(errorsFor({ mobileNumber })).toEqual({ mobileNumber: 'Enter a valid mobile number' });
  });

  it.each([
    [{ planName: '   ' }, { planName: 'Plan name is required' }],
    [{ planName: undefined }, { planName: 'Plan name is required' }],
    [{ planName: 'x'.repeat(81) }, { planName: 'Use at most 80 characters' }],
    [{ planName: 'Basic\u0007' }, { planName: 'Remove the unsupported characters' }],
    [{ rechargeDate: '' }, { rechargeDate: 'Choose the renewal date' }],
    [{ rechargeDate: undefined }, { rechargeDate: 'Choose the renewal date' }],
    [{ siteId: '' }, { siteId: 'Choose a site' }],
    [{ siteId: 'north side' }, { siteId: 'Choose a site' }],
    [{ siteId: undefined }, { siteId: 'Choose a site' }],
  ])('refuses %j with %j', (overrides, errors) => {
    expect(errorsFor(overrides)).toEqual(errors);
  });

  it('takes a plan name of 80 characters', () => {
    expect(errorsFor({ planName: 'x'.repeat(80) })).toEqual({});
  });

  it.each([
    ['0', 0],
    ['29', 29],
    ['29.9', 29.9],
    ['29.99', 29.99],
    ['999999.99', 999999.99],
  ])('reads the amount %j as %d', (amount, value) => {
    const result = validate(issueCodeSchema, { ...form, amount });
    expect(result.ok && result.value.amount).toBe(value);
  });

  it.each(['', 'ab', '1234567', '29.999', '29.', '.99', 'x29', '29x', '29.9x', '-5', '1e3', 29.99])(
    'refuses the amount %j, not written like 29.99',
    (amount) => {
      expect(errorsFor({ amount })).toEqual({ amount: 'Enter the amount, such as 29.99' });
    },
  );
});
