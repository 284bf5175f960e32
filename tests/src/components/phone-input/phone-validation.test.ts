import { describe, expect, it } from 'vitest';
import { validatePhoneNumber } from '../../../../src/components/phone-input/phone-validation';

describe('validatePhoneNumber: the full docs/spec.md §3 result for valid mobile numbers', () => {
  it('United States', () => {
    expect(validatePhoneNumber('(201) 555-0143', 'US')).toEqual({
      isValid: true,
      countryCode: 'US',
      parsedCountryCode: 'US',
      isPossible: true,
      countryCallingCode: '1',
      nationalNumber: '2015550143',
      // North American numbering does not tell mobile and fixed lines apart.
      type: 'FIXED_LINE_OR_MOBILE',
      formatInternational: '+1 201 555 0143',
      formatNational: '(201) 555-0143',
      uri: 'tel:+12015550143',
      e164: '+12015550143',
      rfc3966: 'tel:+12015550143',
      possibleCountries: ['US'],
    });
  });

  it('United Kingdom', () => {
    expect(validatePhoneNumber('07400 123456', 'GB')).toEqual({
      isValid: true,
      countryCode: 'GB',
      parsedCountryCode: 'GB',
      isPossible: true,
      countryCallingCode: '44',
      nationalNumber: '7400123456',
      type: 'MOBILE',
      formatInternational: '+44 7400 123456',
      formatNational: '07400 123456',
      uri: 'tel:+447400123456',
      e164: '+447400123456',
      rfc3966: 'tel:+447400123456',
      possibleCountries: ['GB'],
    });
  });

  it('France', () => {
    expect(validatePhoneNumber('06 12 34 56 78', 'FR')).toEqual({
      isValid: true,
      countryCode: 'FR',
      parsedCountryCode: 'FR',
      isPossible: true,
      countryCallingCode: '33',
      nationalNumber: '612345678',
      type: 'MOBILE',
      formatInternational: '+33 6 12 34 56 78',
      formatNational: '06 12 34 56 78',
      uri: 'tel:+33612345678',
      e164: '+33612345678',
      rfc3966: 'tel:+33612345678',
      possibleCountries: ['FR'],
    });
  });

  it('Germany', () => {
    expect(validatePhoneNumber('0151 23456789', 'DE')).toEqual({
      isValid: true,
      countryCode: 'DE',
      parsedCountryCode: 'DE',
      isPossible: true,
      countryCallingCode: '49',
      nationalNumber: '15123456789',
      type: 'MOBILE',
      formatInternational: '+49 1512 3456789',
      formatNational: '01512 3456789',
      uri: 'tel:+4915123456789',
      e164: '+4915123456789',
      rfc3966: 'tel:+4915123456789',
      possibleCountries: ['DE'],
    });
  });

  it('India', () => {
    expect(validatePhoneNumber('98765 43210', 'IN')).toEqual({
      isValid: true,
      countryCode: 'IN',
      parsedCountryCode: 'IN',
      isPossible: true,
      countryCallingCode: '91',
      nationalNumber: '9876543210',
      type: 'MOBILE',
      formatInternational: '+91 98765 43210',
      formatNational: '098765 43210',
      uri: 'tel:+919876543210',
      e164: '+919876543210',
      rfc3966: 'tel:+919876543210',
      possibleCountries: ['IN'],
    });
  });
});

describe('validatePhoneNumber: the selected country', () => {
  it('rejects a number that belongs to another country, and says which', () => {
    // 204 is a Canadian (Manitoba) area code: valid in Canada, not for a customer who chose the United States.
    expect(validatePhoneNumber('(204) 555-1234', 'US')).toMatchObject({
      isValid: false,
      countryCode: 'US',
      parsedCountryCode: 'CA',
      e164: '+12045551234',
    });
    expect(validatePhoneNumber('(204) 555-1234', 'CA')).toMatchObject({ isValid: true, countryCode: 'CA' });
  });

  it('takes the country from a number typed with +', () => {
    expect(validatePhoneNumber('+44 7400 123456', 'US')).toMatchObject({
      isValid: true,
      countryCode: 'GB',
      parsedCountryCode: 'GB',
      e164: '+447400123456',
    });
  });

  it('cannot validate a national number without a country', () => {
    expect(validatePhoneNumber('2015550143', undefined)).toMatchObject({ isValid: false, countryCode: undefined });
    expect(validatePhoneNumber('+12015550143', undefined)).toMatchObject({ isValid: true, countryCode: 'US' });
  });
});

describe('validatePhoneNumber: generic limits (docs/spec.md §5, §9)', () => {
  const unparsed = {
    isValid: false,
    countryCode: 'US',
    parsedCountryCode: undefined,
    isPossible: false,
    countryCallingCode: undefined,
    nationalNumber: undefined,
    type: undefined,
    formatInternational: undefined,
    formatNational: undefined,
    uri: undefined,
    e164: undefined,
    rfc3966: undefined,
    possibleCountries: [],
  };

  it('rejects empty input and input that is not a number', () => {
    expect(validatePhoneNumber('', 'US')).toEqual(unparsed);
    expect(validatePhoneNumber('   ', 'US')).toEqual(unparsed);
    expect(validatePhoneNumber('not a number', 'US')).toEqual(unparsed);
  });

  it('rejects a number too short (under 2 digits)', () => {
    expect(validatePhoneNumber('5', 'US')).toEqual(unparsed);
    expect(validatePhoneNumber('201555', 'US')).toMatchObject({ isValid: false, isPossible: false });
  });

  it('rejects a number too long (over 17 national digits)', () => {
    expect(validatePhoneNumber('2'.repeat(18), 'US')).toEqual(unparsed);
    expect(validatePhoneNumber('20155501431', 'US')).toMatchObject({ isValid: false });
  });

  it('rejects input over 250 characters, even when a valid number is in it', () => {
    const padded = `(201) 555-0143${' '.repeat(237)}`;
    expect(padded).toHaveLength(251);
    expect(validatePhoneNumber(padded, 'US')).toEqual(unparsed);
    expect(validatePhoneNumber(padded.slice(0, 250), 'US')).toMatchObject({ isValid: true });
  });

  it('accepts an extension of up to 20 digits, and no more', () => {
    const twenty = '12345678901234567890';
    expect(validatePhoneNumber(`(201) 555-0143 ext. ${twenty}`, 'US')).toMatchObject({
      isValid: true,
      uri: `tel:+12015550143;ext=${twenty}`,
      e164: '+12015550143',
    });
    expect(validatePhoneNumber(`(201) 555-0143 ext. ${twenty}1`, 'US')).toMatchObject({ isValid: false });
  });
});
