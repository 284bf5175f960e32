import { describe, expect, it } from 'vitest';
import { newRegistrationSchema } from '../../../src/domain/registration';
import { validate } from '../../../src/domain/validation';

const sale = { mobileNumber: '+12015550143', planName: 'Basic', amount: 10, rechargeDate: '2026-12-31' };

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
});
