import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  newStaffSchema,
  PASSWORD_LENGTH,
  signInSchema,
  STAFF_MESSAGES,
  STAFF_ROLES,
  staffUpdateSchema,
} from '../../../src/domain/staff';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';

/**
 * What the API answers a refused body with (server/platform/http/request-input.ts): every issue is collected, not only the
 * first, and each field shows its first message, keyed by dot path.
 */
const apiErrors = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) errors[v.getDotPath(issue) ?? ''] ??= issue.message;
  return errors;
};

const LONG_EMAIL = `${'a'.repeat(243)}@example.com`; // 255 characters, an address in form

describe('the staff rules', () => {
  it('has two roles and passwords of 12 to 128 characters (NIST SP 800-63B: length, no composition rules)', () => {
    expect(STAFF_ROLES).toEqual(['owner', 'manager']);
    expect(PASSWORD_LENGTH).toEqual({ min: 12, max: 128 });
  });
});

describe('the sign-in form', () => {
  it('takes the email trimmed and in lower case, and any password as typed', () => {
    expect(validate(signInSchema, { email: '  Ada.Lovelace@Example.COM ', password: ' short ' })).toEqual({
      ok: true,
      value: { email: 'ada.lovelace@example.com', password: ' short ' },
    });
  });

  it('takes an address of 254 characters', () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(validate(signInSchema, { email, password: 'x' })).toEqual({ ok: true, value: { email, password: 'x' } });
  });

  it.each([
    [
      { email: null, password: null },
      { email: 'Email is required', password: 'Password is required' },
    ],
    [
      { email: '', password: '' },
      { email: 'Email is required', password: 'Password is required' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'Email is required' }],
    [{ email: 'ada@', password: 'x' }, { email: 'Enter a valid email address' }],
    [{ email: 'ada example.com', password: 'x' }, { email: 'Enter a valid email address' }],
    [{ email: LONG_EMAIL, password: 'x' }, { email: 'Enter a valid email address' }],
    [{ email: 'ada@example.com', password: 'x'.repeat(129) }, { password: 'Use 12 to 128 characters' }],
    [
      { email: 7, password: 7 },
      { email: 'Email is required', password: 'Password is required' },
    ],
  ])('refuses %j with %j', (input, errors) => {
    expect(validate(signInSchema, input)).toEqual({ ok: false, errors });
  });
});

describe('a new staff member', () => {
  it('is a manager of the sites listed, trimmed, with the email and name tidied', () => {
    expect(
      validate(newStaffSchema, {
        email: ' Sam@Example.com ',
        name: '  Sam Ortiz ',
        role: 'manager',
        sites: [' north-1 ', 'SOUTH_2'],
        password: 'correct horse battery',
      }),
    ).toEqual({
      ok: true,
      value: {
        email: 'sam@example.com',
        name: 'Sam Ortiz',
        role: 'manager',
        sites: ['north-1', 'SOUTH_2'],
        password: 'correct horse battery',
      },
    });
  });

  it('is an owner with no name, no sites and no password (one is generated)', () => {
    expect(validate(newStaffSchema, { email: 'owner@example.com', role: 'owner' })).toEqual({
      ok: true,
      value: { email: 'owner@example.com', name: '', role: 'owner', sites: [] },
    });
  });

  it('takes a password of 12 and of 128 characters', () => {
    for (const password of ['x'.repeat(12), 'x'.repeat(128)]) {
      expect(validate(newStaffSchema, { email: 'o@example.com', role: 'owner', password })).toMatchObject({
        ok: true,
        value: { password },
      });
    }
  });

  it('needs at least one site for a manager, and says so on the sites field', () => {
    const expected = { sites: 'A manager needs at least one site' };
    expect(validate(newStaffSchema, { email: 'm@example.com', role: 'manager' })).toEqual({
      ok: false,
      errors: expected,
    });
    expect(apiErrors(newStaffSchema, { email: 'm@example.com', role: 'manager', sites: [] })).toEqual(expected);
  });

  it.each([
    [{ role: 'admin' }, { role: 'Choose owner or manager' }],
    [{ role: 'owner', sites: ['north 1'] }, { 'sites.0': 'List the site ids this manager may see' }],
    [{ role: 'manager', sites: 'north-1' }, { sites: 'List the site ids this manager may see' }],
    [{ role: 'manager', sites: ['x'.repeat(41)] }, { 'sites.0': 'List the site ids this manager may see' }],
    [{ role: 'manager', sites: Array.from({ length: 101 }, (_, i) => `s${i}`) }, { sites: STAFF_MESSAGES.sites }],
    [{ role: 'owner', name: 'x'.repeat(81) }, { name: 'Use at most 80 characters for the name' }],
    [{ role: 'owner', name: 'Sam\u0007' }, { name: UNSUPPORTED_CHARACTERS }],
    [{ role: 'owner', password: 'x'.repeat(11) }, { password: 'Use 12 to 128 characters' }],
    [{ role: 'owner', password: 'x'.repeat(129) }, { password: 'Use 12 to 128 characters' }],
    [{ role: 'owner', password: 42 }, { password: 'Password is required' }],
  ])('refuses %j with %j', (fields, errors) => {
    expect(validate(newStaffSchema, { email: 'm@example.com', ...fields })).toEqual({ ok: false, errors });
  });

  it('takes 100 sites', () => {
    const sites = Array.from({ length: 100 }, (_, i) => `s${i}`);
    expect(validate(newStaffSchema, { email: 'm@example.com', role: 'manager', sites })).toMatchObject({
      ok: true,
      value: { sites },
    });
  });

  describe('as the API answers a refused one (every field checked)', () => {
    it('does not also ask for a site when the role itself is refused', () => {
      expect(apiErrors(newStaffSchema, { email: 'm@example.com', role: 'admin', sites: [] })).toEqual({
        role: 'Choose owner or manager',
      });
    });

    it('does not also ask for a site when the sites given are refused', () => {
      expect(apiErrors(newStaffSchema, { email: 'm@example.com', role: 'manager', sites: 5 })).toEqual({
        sites: 'List the site ids this manager may see',
      });
    });

    it('asks for a site as well as naming another field that is wrong', () => {
      expect(apiErrors(newStaffSchema, { email: 'nobody', role: 'manager', sites: [] })).toEqual({
        email: 'Enter a valid email address',
        sites: 'A manager needs at least one site',
      });
    });
  });
});

describe("an owner's change to a staff member", () => {
  it('may change nothing', () => {
    expect(validate(staffUpdateSchema, {})).toEqual({ ok: true, value: {} });
  });

  it('takes the role, the sites trimmed and the access', () => {
    expect(validate(staffUpdateSchema, { role: 'manager', sites: [' east '], disabled: true })).toEqual({
      ok: true,
      value: { role: 'manager', sites: ['east'], disabled: true },
    });
  });

  it.each([
    [{ role: 'boss' }, { role: 'Choose owner or manager' }],
    [{ sites: ['east/1'] }, { 'sites.0': 'List the site ids this manager may see' }],
    [{ sites: 'east' }, { sites: 'List the site ids this manager may see' }],
    [{ sites: Array.from({ length: 101 }, (_, i) => `s${i}`) }, { sites: 'List the site ids this manager may see' }],
    [{ disabled: 'yes' }, { disabled: 'Invalid type: Expected boolean but received "yes"' }],
  ])('refuses %j with %j', (input, errors) => {
    expect(validate(staffUpdateSchema, input)).toEqual({ ok: false, errors });
  });
});

describe('changing one’s own password', () => {
  it('takes the current password as typed and a new one of 12 characters or more', () => {
    expect(validate(changePasswordSchema, { currentPassword: 'old', newPassword: 'a new long secret' })).toEqual({
      ok: true,
      value: { currentPassword: 'old', newPassword: 'a new long secret' },
    });
  });

  it.each([
    [
      { currentPassword: null, newPassword: 7 },
      { currentPassword: 'Password is required', newPassword: 'Password is required' },
    ],
    [
      { currentPassword: '', newPassword: 'short' },
      { currentPassword: 'Password is required', newPassword: 'Use 12 to 128 characters' },
    ],
    [{ currentPassword: 'old', newPassword: 'y'.repeat(129) }, { newPassword: 'Use 12 to 128 characters' }],
  ])('refuses %j with %j', (input, errors) => {
    expect(validate(changePasswordSchema, input)).toEqual({ ok: false, errors });
  });
});
