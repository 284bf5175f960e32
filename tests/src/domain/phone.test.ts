import { describe, expect, it } from 'vitest';
import { formatNational, maskPhoneNumber, toE164 } from '../../../src/domain/phone';

describe('phone numbers', () => {
  it('shows a number in national format, or raw when it cannot be formatted (docs/spec.md §4)', () => {
    expect(formatNational('+12015550143')).toBe('(201) 555-0143');
    expect(formatNational('+447911123456')).toBe('07911 123456');
    expect(formatNational('not a number')).toBe('not a number');
  });

  it('reads national numbers in the default country and international ones anywhere', () => {
    expect(toE164('(201) 555-0143', 'US')).toBe('+12015550143');
    expect(toE164('+44 7911 123456', 'US')).toBe('+447911123456');
    expect(toE164('12', 'US')).toBeNull();
    expect(toE164('201 555 0143')).toBeNull();
  });

  it('masks all but the last four digits', () => {
    expect(maskPhoneNumber('+12015550143')).toBe('•••• 0143');
    expect(maskPhoneNumber('+1 201-555-01 43')).toBe('•••• 0143');
  });
});
