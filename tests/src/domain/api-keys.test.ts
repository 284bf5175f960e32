import { describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_TEXT,
  API_KEY_SCOPES,
  ENVIRONMENT_KEY_ID,
  newApiKeySchema,
  POINT_OF_SALE_SCOPES,
} from '../../../src/domain/api-keys';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';

describe('what an API key may do', () => {
  it('is one of four scopes, each described in the console', () => {
    expect(API_KEY_SCOPES).toEqual(['registrations:issue', 'registrations:read', 'surveys:read', 'visits:write']);
    expect(API_KEY_SCOPE_TEXT).toEqual({
      'registrations:issue': 'Issue registration codes (and text them)',
      'registrations:read': 'Follow the registrations this key issued',
      'surveys:read': "Read a customer's surveys",
      'visits:write': 'Record visits from the point-of-sale',
    });
  });

  it("is a point-of-sale's for ADMIN_API_KEY, which acts as 'environment'", () => {
    expect(POINT_OF_SALE_SCOPES).toEqual(['registrations:issue', 'registrations:read', 'visits:write']);
    expect(ENVIRONMENT_KEY_ID).toBe('environment');
  });
});

describe("an owner's new key", () => {
  it('has a trimmed name, its scopes in the order they are listed, once each, and every site by default', () => {
    expect(
      validate(newApiKeySchema, {
        name: '  Till 3 ',
        scopes: ['surveys:read', 'registrations:issue', 'surveys:read'],
      }),
    ).toEqual({
      ok: true,
      value: { name: 'Till 3', scopes: ['registrations:issue', 'surveys:read'], sites: [] },
    });
  });

  it('keeps only the scopes chosen', () => {
    expect(validate(newApiKeySchema, { name: 'Reader', scopes: ['registrations:read'] })).toMatchObject({
      ok: true,
      value: { scopes: ['registrations:read'] },
    });
  });

  it('lists each site once, trimmed, in the order given', () => {
    expect(
      validate(newApiKeySchema, {
        name: 'Till',
        scopes: ['registrations:issue'],
        sites: [' south ', 'north', 'south'],
      }),
    ).toMatchObject({ ok: true, value: { sites: ['south', 'north'] } });
  });

  it('takes a name of 80 characters and 100 sites', () => {
    const name = 'n'.repeat(80);
    const sites = Array.from({ length: 100 }, (_, i) => `site-${i}`);
    expect(validate(newApiKeySchema, { name, scopes: ['surveys:read'], sites })).toEqual({
      ok: true,
      value: { name, scopes: ['surveys:read'], sites },
    });
  });

  it.each([
    [{ name: '   ' }, { name: 'Name the key after the till or system that will use it' }],
    [{ name: 12 }, { name: 'Name the key after the till or system that will use it' }],
    [{ name: 'n'.repeat(81) }, { name: 'Name the key after the till or system that will use it' }],
    [{ name: 'Till\u0000' }, { name: UNSUPPORTED_CHARACTERS }],
    [{ scopes: [] }, { scopes: 'Choose at least one permission' }],
    [{ scopes: 'surveys:read' }, { scopes: 'Choose at least one permission' }],
    [{ scopes: ['staff:write'] }, { 'scopes.0': 'Choose at least one permission' }],
    [{ sites: 'north' }, { sites: 'List site ids (letters, digits, - and _), or none for every site' }],
    [{ sites: ['north', 'a b'] }, { 'sites.1': 'List site ids (letters, digits, - and _), or none for every site' }],
    [{ sites: [7] }, { 'sites.0': 'List site ids (letters, digits, - and _), or none for every site' }],
    [
      { sites: Array.from({ length: 101 }, (_, i) => `site-${i}`) },
      { sites: 'List site ids (letters, digits, - and _), or none for every site' },
    ],
  ])('refuses %j with %j', (fields, errors) => {
    expect(validate(newApiKeySchema, { name: 'Till', scopes: ['registrations:issue'], ...fields })).toEqual({
      ok: false,
      errors,
    });
  });

  it('words its messages for the console', () => {
    expect(API_KEY_MESSAGES).toEqual({
      name: 'Name the key after the till or system that will use it',
      scopes: 'Choose at least one permission',
      sites: 'List site ids (letters, digits, - and _), or none for every site',
    });
  });
});
