import { describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, customerSchema, customerSchemaFor } from '../../../src/domain/customer';
import { issueCodesOf, issueFor } from '../../../src/domain/issue-codes';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';
import { validCustomer } from '../../fixtures/customer';

describe('issueFor', () => {
  it.each(Object.entries(CUSTOMER_MESSAGES))('names "%s" by its key', (code, message) => {
    expect(issueFor(message)).toEqual({ code });
  });

  it('names the unsupported-characters message', () => {
    expect(issueFor(UNSUPPORTED_CHARACTERS)).toEqual({ code: 'unsupportedCharacters' });
  });

  it('reads the most characters out of a too-long message, whatever the label', () => {
    expect(issueFor('Last Name must be at most 50 characters')).toEqual({ code: 'tooLong', max: 50 });
    expect(issueFor('Email must be at most 254 characters')).toEqual({ code: 'tooLong', max: 254 });
  });

  it('knows no other text', () => {
    expect(issueFor('Invalid type: Expected string but received 1')).toBeUndefined();
    expect(issueFor('This email address cannot receive mail')).toBeUndefined();
    expect(issueFor('')).toBeUndefined();
  });

  it('has a code for every message the schema gives a form field', () => {
    const requiring = customerSchemaFor({ requireLicensePlate: true });
    const inputs = [
      { firstName: '', email: 'x', region: 'PR', vehicleYear: 1950, postalCode: '1', licensePlate: 'A' },
      { lastName: 'x'.repeat(51), email: '', address2: 'a\u0000', licensePlate: 'ABC1' },
    ];
    for (const overrides of inputs) {
      for (const schema of [customerSchema, requiring]) {
        const result = validate(schema, { ...validCustomer('reg-1'), ...overrides });
        if (result.ok) throw new Error('expected errors');
        for (const [field, message] of Object.entries(result.errors)) {
          expect(issueFor(message), `${field}: ${message}`).toBeDefined();
        }
      }
    }
  });
});

describe('issueCodesOf', () => {
  it('gives each field the code of its message and leaves out the fields whose message has none', () => {
    expect(
      issueCodesOf({
        firstName: CUSTOMER_MESSAGES.firstName,
        city: 'City must be at most 60 characters',
        address2: UNSUPPORTED_CHARACTERS,
        consentVersion: 'Invalid length: Expected >=1 but received 0',
      }),
    ).toEqual({ firstName: 'firstName', city: 'tooLong', address2: 'unsupportedCharacters' });
  });
});
