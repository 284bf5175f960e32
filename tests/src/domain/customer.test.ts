import { describe, expect, it } from 'vitest';
import { customerSchema, emptyCustomerForm } from '../../../src/domain/customer';
import { validate } from '../../../src/domain/validation';
import { validCustomer } from '../../server/helpers/test-app';

const errorsFor = (input: unknown) => {
  const result = validate(customerSchema, input);
  return result.ok ? {} : result.errors;
};

describe('the customer schema (docs/spec.md §5)', () => {
  it('gives every message of docs/spec.md §5 for an empty form, word for word', () => {
    expect(errorsFor(emptyCustomerForm('reg-1'))).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      address: 'Address is required',
      city: 'City is required',
      region: 'State is required',
      postalCode: 'Zip code is required',
      email: 'Email is required',
      vehicleYear: 'Vehicle Year is required',
      vehicleMake: 'Vehicle Make is required',
      vehicleModel: 'Vehicle Model is required',
      vehicleColor: 'Vehicle Color is required',
      isAgreedToTerms: 'You must agree to the terms and conditions.',
    });
  });

  it('accepts a complete form and trims what was typed', () => {
    const result = validate(customerSchema, validCustomer('reg-1', { firstName: '  Dana ', address2: undefined }));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.firstName).toBe('Dana');
      expect(result.value.address2).toBe('');
    }
  });

  it.each([
    ['firstName', '   ', 'First Name is required'],
    ['email', 'dana@', 'Invalid Email'],
    ['email', 'dana example.com', 'Invalid Email'],
    ['email', '', 'Email is required'],
    ['region', 'PR', 'State is required'],
    ['region', 'GU', 'State is required'],
    ['vehicleColor', 'Purple', 'Vehicle Color is required'],
    ['vehicleYear', null, 'Vehicle Year is required'],
    ['vehicleYear', 'abc', 'Vehicle Year is required'],
    ['vehicleYear', 1950, 'Choose a Vehicle Year from the list'],
    ['isAgreedToTerms', false, 'You must agree to the terms and conditions.'],
    ['postalCode', '1234', 'Enter a 5-digit Zip code (or ZIP+4)'],
    ['city', 'x'.repeat(61), 'City must be at most 60 characters'],
    ['lastName', 'Da\u0000na', 'Remove the unsupported characters'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(errorsFor(validCustomer('reg-1', { [field]: value }))).toEqual({ [field]: message });
  });

  describe('names that show nothing or reorder what is shown', () => {
    it.each([
      ['firstName', '\u200B\u200C\u200D\u2060\uFEFF', 'First Name is required'],
      ['firstName', ' \u00AD\u180E\u034F ', 'First Name is required'],
      ['address', '\u2800', 'Address is required'],
      ['lastName', 'Whit\u202Efield', 'Last Name is required'],
      ['city', '\u2066Springfield\u2069', 'City is required'],
      ['vehicleMake', 'Toyota\u200F', 'Vehicle Make is required'],
      ['vehicleModel', '\u061CRAV4', 'Vehicle Model is required'],
      ['address2', 'Apt\u202D 4', 'Remove the unsupported characters'],
      ['address2', '\u200B\u200B', 'Remove the unsupported characters'],
    ])('refuses %s = %j with "%s"', (field, value, message) => {
      expect(errorsFor(validCustomer('reg-1', { [field]: value }))).toEqual({ [field]: message });
    });

    it('still says a too-long name made of nothing visible is required, not too long', () => {
      expect(errorsFor(validCustomer('reg-1', { firstName: '\u200B'.repeat(51) }))).toEqual({
        firstName: 'First Name is required',
      });
    });

    it.each([
      ['firstName', 'Zoe\u0308'],
      ['firstName', 'Zoë'],
      // Persian writes the zero-width non-joiner between letters: it is part of the word, not a trick.
      ['lastName', 'می\u200Cخواهم'],
      // Malayalam uses the zero-width joiner inside words (the chillu letters of older text).
      ['lastName', 'അവന\u0D4D\u200D'],
      ['city', 'Saint\u00ADÉtienne'],
    ])('accepts %s = %j, whose joiners and marks sit between letters', (field, value) => {
      expect(errorsFor(validCustomer('reg-1', { [field]: value }))).toEqual({});
    });
  });

  it('accepts DC, ZIP+4, a year from a native select, and an empty Address 2', () => {
    const year = String(new Date().getFullYear());
    expect(
      errorsFor(validCustomer('reg-1', { region: 'DC', postalCode: '20001-1234', vehicleYear: year, address2: '' })),
    ).toEqual({});
  });

  it('treats newsletter and SMS flags as optional booleans', () => {
    const { isSubscribedToNewsletters: _n, isSubscribedToSmsMessaging: _s, ...rest } = validCustomer('reg-1');
    const result = validate(customerSchema, rest);
    expect(result.ok && [result.value.isSubscribedToNewsletters, result.value.isSubscribedToSmsMessaging]).toEqual([
      false,
      false,
    ]);
  });

  it('requires a valid mobile number in E.164 for a manual sign-up only', () => {
    expect(errorsFor(validCustomer('-1'))).toEqual({ mobileNumber: 'Enter a valid mobile number' });
    expect(errorsFor(validCustomer('-1', { mobileNumber: '2015550143' }))).toEqual({
      mobileNumber: 'Enter a valid mobile number',
    });
    expect(errorsFor(validCustomer('-1', { mobileNumber: '+447911123456' }))).toEqual({});
    expect(errorsFor(validCustomer('-1', { mobileNumber: '+44 7911 123456' }))).toEqual({
      mobileNumber: 'Enter a valid mobile number',
    });
    expect(errorsFor(validCustomer('reg-1'))).toEqual({});
  });
});
