import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_MESSAGES, customerSchema, customerSchemaFor } from '../../../src/domain/customer';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';
import { validCustomer } from '../../fixtures/customer';

// Loaded before the tests rather than imported: the module builds its table as it loads, and a table that cannot be
// built then fails these tests instead of the file's import (which a mutation run would count as no test at all).
const load = () => import('../../../src/domain/field-issue-codes');
let codes: Awaited<ReturnType<typeof load>>;

describe('the codes of the customer schema’s messages', () => {
  beforeAll(async () => {
    codes = await load();
  });

  describe('issueFor', () => {
    it.each(Object.entries(CUSTOMER_MESSAGES))('names "%s" by its key', (code, message) => {
      expect(codes.issueFor(message)).toEqual({ code });
    });

    it('names the unsupported-characters message', () => {
      expect(codes.issueFor(UNSUPPORTED_CHARACTERS)).toEqual({ code: 'unsupportedCharacters' });
    });

    it('reads the most characters out of a too-long message, whatever the label', () => {
      expect(codes.issueFor('Last Name must be at most 50 characters')).toEqual({ code: 'tooLong', max: 50 });
      expect(codes.issueFor('Email must be at most 254 characters')).toEqual({ code: 'tooLong', max: 254 });
    });

    it('knows no other text', () => {
      expect(codes.issueFor('Invalid type: Expected string but received 1')).toBeUndefined();
      expect(codes.issueFor('This email address cannot receive mail')).toBeUndefined();
      expect(codes.issueFor('')).toBeUndefined();
    });

    it('hands out a copy, so a caller changing it changes no other answer', () => {
      const issue = codes.issueFor('City must be at most 60 characters');
      if (issue) issue.max = 1;
      expect(codes.issueFor('City must be at most 60 characters')).toEqual({ code: 'tooLong', max: 60 });
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
            expect(codes.issueFor(message), `${field}: ${message}`).toBeDefined();
          }
        }
      }
    });
  });

  describe('issueCodesOf', () => {
    it('gives each field the code of its message and leaves out the fields whose message has none', () => {
      expect(
        codes.issueCodesOf({
          firstName: CUSTOMER_MESSAGES.firstName,
          city: 'City must be at most 60 characters',
          address2: UNSUPPORTED_CHARACTERS,
          consentVersion: 'Invalid length: Expected >=1 but received 0',
        }),
      ).toEqual({ firstName: 'firstName', city: 'tooLong', address2: 'unsupportedCharacters' });
    });
  });
});
