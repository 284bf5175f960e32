import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CUSTOMER_FIELDS,
  CUSTOMER_MESSAGES,
  customerRulesOf,
  customerSchema,
  customerSchemaFor,
  emptyCustomerForm,
  normalizeLicensePlate,
  SAVED_PROFILE_FIELDS,
  savedProfileSchema,
} from '../../../src/domain/customer';
import { validate } from '../../../src/domain/validation';
import { validCustomer } from '../../fixtures/customer';

const errorsFor = (input: unknown) => {
  const result = validate(customerSchema, input);
  return result.ok ? {} : result.errors;
};

/**
 * The first message of each field in docs/spec.md §5's table, read from the spec itself (a field's first message is
 * what an empty one shows), so the spec stays the one place the words are written.
 */
function specRequiredMessages(): Record<string, string> {
  const spec = readFileSync(new URL('../../../docs/spec.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('## §5'), spec.indexOf('## §6'));
  const messages: Record<string, string> = {};
  for (const line of section.split('\n').filter((row) => /^\| [a-z]/.test(row))) {
    const [fields = '', , message = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    // A field without a code (mobileNumber, asked only of a sign-up without one) or without a message is not asked.
    if (message === '—' || fields.includes('(')) continue;
    const firsts = message.split('; ');
    fields.split(', ').forEach((field, index) => (messages[field] = firsts[index] ?? firsts[0]!));
  }
  return messages;
}

describe('the customer schema (docs/spec.md §5)', () => {
  it("asks for every required field of an empty form with docs/spec.md §5's message, word for word", () => {
    const messages = specRequiredMessages();
    expect(Object.keys(messages).length).toBeGreaterThan(10);
    expect(errorsFor(emptyCustomerForm('reg-1'))).toEqual(messages);
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

  it.each(['200011234', '20001 1234', '20001-123', '20001-12345', '2000-11234'])(
    'refuses the ZIP+4 %j, not written as five digits, a dash and four',
    (postalCode) => {
      expect(errorsFor(validCustomer('reg-1', { postalCode }))).toEqual({
        postalCode: 'Enter a 5-digit Zip code (or ZIP+4)',
      });
    },
  );

  describe('the vehicle years it takes, in June 2026 (docs/spec.md §9: 1977 to 2026, and next year)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-15T12:00:00'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([1977, 2026, 2027, '1977', '2027'])('accepts %j', (vehicleYear) => {
      expect(errorsFor(validCustomer('reg-1', { vehicleYear }))).toEqual({});
    });

    it.each([1976, 2028, '1976', '2028'])('refuses %j', (vehicleYear) => {
      expect(errorsFor(validCustomer('reg-1', { vehicleYear }))).toEqual({
        vehicleYear: 'Choose a Vehicle Year from the list',
      });
    });
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

describe('the license plate', () => {
  const requiring = customerSchemaFor({ requireLicensePlate: true });
  const errorsRequiring = (input: unknown) => {
    const result = validate(requiring, input);
    return result.ok ? {} : result.errors;
  };

  it.each([
    [' abc-12 3', 'ABC123'],
    ['7-xyz 890', '7XYZ890'],
    ['\tab\u00A0c1\n', 'ABC1'],
    ['', ''],
    // Only ASCII letters change case: a look-alike is kept, so the format check refuses it.
    ['straße', 'STRAßE'],
  ])('normalises %j to %j', (typed, plate) => {
    expect(normalizeLicensePlate(typed)).toBe(plate);
  });

  it('stores the plate normalised, with its state', () => {
    const result = validate(
      customerSchema,
      validCustomer('reg-1', { licensePlate: ' abc-12 3', licensePlateState: 'TX' }),
    );
    expect(result.ok && [result.value.licensePlate, result.value.licensePlateState]).toEqual(['ABC123', 'TX']);
  });

  it.each(['A', 'ABCDEFGHI', 'AB$1', 'ÀBC123', 'AB_12'])('refuses the plate %j with the format message', (plate) => {
    expect(errorsFor(validCustomer('reg-1', { licensePlate: plate, licensePlateState: 'TX' }))).toEqual({
      licensePlate: CUSTOMER_MESSAGES.licensePlateFormat,
    });
  });

  it('is optional unless the operator requires it: left out, empty or null is no plate', () => {
    for (const plate of [undefined, '', null, ' - ']) {
      const result = validate(customerSchema, validCustomer('reg-1', { licensePlate: plate }));
      expect(result.ok && [result.value.licensePlate, result.value.licensePlateState]).toEqual(['', '']);
    }
  });

  it('needs the Plate State once a plate is given, even while other fields are wrong', () => {
    expect(errorsFor(validCustomer('reg-1', { licensePlate: 'ABC123' }))).toEqual({
      licensePlateState: 'Plate State is required',
    });
    expect(errorsFor(validCustomer('reg-1', { licensePlate: 'ABC123', firstName: '' }))).toEqual({
      firstName: 'First Name is required',
      licensePlateState: 'Plate State is required',
    });
    expect(errorsFor(validCustomer('reg-1', { licensePlate: 'ABC123', licensePlateState: 'PR' }))).toEqual({
      licensePlateState: 'Plate State is required',
    });
  });

  it('accepts a Plate State without a plate (a half-filled form is not wrong)', () => {
    expect(errorsFor(validCustomer('reg-1', { licensePlateState: 'TX' }))).toEqual({});
  });

  it('reads a Plate State of null as none given', () => {
    const result = validate(customerSchema, validCustomer('reg-1', { licensePlateState: null }));
    expect(result.ok && result.value.licensePlateState).toBe('');
  });

  it('requires both when the operator requires plates', () => {
    expect(errorsRequiring(validCustomer('reg-1'))).toEqual({
      licensePlate: 'License Plate is required',
      licensePlateState: 'Plate State is required',
    });
    expect(errorsRequiring(validCustomer('reg-1', { licensePlate: ' - ', licensePlateState: 'TX' }))).toEqual({
      licensePlate: 'License Plate is required',
    });
    expect(errorsRequiring(validCustomer('reg-1', { licensePlate: 'A', licensePlateState: 'TX' }))).toEqual({
      licensePlate: 'Enter 2 to 8 letters and digits',
    });
    expect(errorsRequiring(validCustomer('reg-1', { licensePlate: 'ab 12', licensePlateState: 'TX' }))).toEqual({});
  });

  it('adds the required messages to an empty form only when plates are required', () => {
    expect(errorsRequiring(emptyCustomerForm('reg-1'))).toMatchObject({
      licensePlate: 'License Plate is required',
      licensePlateState: 'Plate State is required',
    });
    expect(errorsFor(emptyCustomerForm('reg-1'))).not.toHaveProperty('licensePlate');
  });
});

describe('the language of the consent wording', () => {
  it("is 'en' unless the form says 'es', and nothing else", () => {
    const language = (input: unknown) => {
      const result = validate(customerSchema, input);
      return result.ok ? result.value.language : result.errors;
    };
    expect(language(validCustomer('reg-1'))).toBe('en');
    expect(language(validCustomer('reg-1', { language: 'es' }))).toBe('es');
    expect(language(validCustomer('reg-1', { language: 'fr' as 'es' }))).toHaveProperty('language');
  });
});

describe('the consent evidence the device reports', () => {
  const parsed = (extra: Record<string, unknown>) => v.parse(customerSchema, { ...validCustomer('r1'), ...extra });

  it('keeps an IANA zone and a page path as sent', () => {
    expect(parsed({ timeZone: 'America/Chicago', page: '/' })).toMatchObject({
      timeZone: 'America/Chicago',
      page: '/',
    });
    expect(parsed({ page: '/join/today' }).page).toBe('/join/today');
  });

  it('keeps a malformed one as not reported, and still takes the profile', () => {
    for (const timeZone of ['Mars/Olympus', '', 42, `America/${'x'.repeat(200)}`]) {
      expect(parsed({ timeZone }).timeZone).toBeUndefined();
    }
    // A query string holds the code; a path starts with a slash and has no spaces; at most 200 characters.
    for (const page of [
      '/?id=CODE',
      '/#top',
      'index.html',
      'https://club.example/',
      '/a b',
      `/${'a'.repeat(200)}`,
      null,
    ]) {
      expect(parsed({ page }).page).toBeUndefined();
    }
    expect(parsed({ page: `/${'a'.repeat(199)}` }).page).toHaveLength(200);
    expect(parsed({}).timeZone).toBeUndefined();
  });
});

describe('the optional and defaulted fields', () => {
  it('trims Address 2 and reads null as left empty', () => {
    const address2 = (value: string | null) => {
      const result = validate(customerSchema, validCustomer('reg-1', { address2: value }));
      return result.ok ? result.value.address2 : result.errors;
    };
    expect(address2('  Apt 4  ')).toBe('Apt 4');
    expect(address2(null)).toBe('');
  });

  it('names Address 2 and its limit when it is too long', () => {
    expect(errorsFor(validCustomer('reg-1', { address2: 'x'.repeat(101) }))).toEqual({
      address2: 'Address 2 must be at most 100 characters',
    });
    expect(errorsFor(validCustomer('reg-1', { address2: 'x'.repeat(100) }))).toEqual({});
  });

  it('says an email longer than 254 characters is too long', () => {
    const email = `${'a'.repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    expect(errorsFor(validCustomer('reg-1', { email }))).toEqual({ email: 'Email must be at most 254 characters' });
  });

  it("gives a new customer the id '' when the form sends none", () => {
    const { id: _id, ...rest } = validCustomer('reg-1');
    const result = validate(customerSchema, rest);
    expect(result.ok && result.value.id).toBe('');
  });

  it('reads a year only when the select sent exactly four digits', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00'));
    try {
      for (const vehicleYear of ['20190', '12019', ' 2019', ['2019']]) {
        expect(errorsFor(validCustomer('reg-1', { vehicleYear })), String(vehicleYear)).toEqual({
          vehicleYear: 'Vehicle Year is required',
        });
      }
      const result = validate(customerSchema, validCustomer('reg-1', { vehicleYear: '2019' }));
      expect(result.ok && result.value.vehicleYear).toBe(2019);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the mobile number of a sign-up without a code', () => {
  it.each(['x+12015550143', '+12015550143x', '+02015550143', '+1', `+1${'2'.repeat(15)}`])(
    'refuses %j, not a whole E.164 number',
    (mobileNumber) => {
      expect(errorsFor(validCustomer('-1', { mobileNumber }))).toEqual({ mobileNumber: 'Enter a valid mobile number' });
    },
  );

  it.each(['+12', `+1${'2'.repeat(14)}`, ' +12015550143 '])('accepts %j', (mobileNumber) => {
    expect(errorsFor(validCustomer('-1', { mobileNumber }))).toEqual({});
  });

  it('asks for it along with the other fields that are wrong, even a field of the wrong kind', () => {
    expect(errorsFor({ ...validCustomer('-1', { firstName: '' }), region: 'PR' })).toEqual({
      firstName: 'First Name is required',
      region: 'State is required',
      mobileNumber: 'Enter a valid mobile number',
    });
  });

  it('says once that a number which is not text is wrong', () => {
    const result = v.safeParse(customerSchema, validCustomer('-1', { mobileNumber: 2015550143 as unknown as string }));
    expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toEqual([
      ['mobileNumber', 'Enter a valid mobile number'],
    ]);
  });
});

describe('the plate and its state together', () => {
  it('asks for the Plate State along with a State of the wrong kind', () => {
    expect(errorsFor({ ...validCustomer('reg-1', { licensePlate: 'ABC123' }), region: 'PR' })).toEqual({
      region: 'State is required',
      licensePlateState: 'Plate State is required',
    });
  });

  it('asks for the Plate State even while the plate is malformed', () => {
    expect(errorsFor(validCustomer('reg-1', { licensePlate: 'A' }))).toEqual({
      licensePlate: 'Enter 2 to 8 letters and digits',
      licensePlateState: 'Plate State is required',
    });
  });

  it('gives only the format message for a plate that is not text', () => {
    expect(errorsFor(validCustomer('reg-1', { licensePlate: 123 as unknown as string }))).toEqual({
      licensePlate: 'Enter 2 to 8 letters and digits',
    });
  });

  it('uses the schema requiring plates only when the rules say so', () => {
    expect(customerSchemaFor({ requireLicensePlate: false })).toBe(customerSchema);
    expect(customerSchemaFor({ requireLicensePlate: true })).not.toBe(customerSchema);
  });
});

describe("the operator's rules for the form", () => {
  it('default to plates being optional and keep what is set', () => {
    expect(customerRulesOf({})).toEqual({ requireLicensePlate: false });
    expect(customerRulesOf({ requireLicensePlate: true })).toEqual({ requireLicensePlate: true });
  });
});

describe('the fields of a saved profile and of the customer answer', () => {
  it('keep what a completed form holds: the saved profile is every field but the agreement, in the form’s order', () => {
    const formFields = Object.keys(emptyCustomerForm());
    expect(SAVED_PROFILE_FIELDS).toEqual(
      formFields.filter((field) => !['id', 'registrationId', 'isAgreedToTerms'].includes(field)),
    );
    expect([...CUSTOMER_FIELDS].sort()).toEqual([...formFields].sort());
  });

  it('are what a returning member’s next form is filled from: a valid submission’s saved fields are a saved profile', () => {
    const result = validate(
      customerSchema,
      validCustomer('reg-1', { licensePlate: 'abc 123', licensePlateState: 'TX' }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const saved = Object.fromEntries(SAVED_PROFILE_FIELDS.map((field) => [field, result.value[field]]));
    expect(v.parse(savedProfileSchema, saved)).toMatchObject({ firstName: 'Dana', licensePlate: 'ABC123' });
  });
});

describe('the empty form (docs/spec.md §3)', () => {
  it('starts with nothing typed, no vehicle chosen and every box unticked, for the code it was opened with', () => {
    const form = emptyCustomerForm('reg-9');
    const { registrationId, ...rest } = form;
    expect(registrationId).toBe('reg-9');
    expect(Object.entries(rest).filter(([, value]) => value !== '' && value !== null && value !== false)).toEqual([]);
    expect([form.vehicleYear, form.vehicleMake, form.vehicleModel, form.vehicleColor]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(emptyCustomerForm().registrationId).toBe('');
  });
});
