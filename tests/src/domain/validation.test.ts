import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hasControlCharacters, plainText, validate } from '../../../src/domain/validation';

describe('validate', () => {
  it('gives the value a schema outputs', () => {
    expect(validate(v.pipe(v.string(), v.trim()), '  Dana ')).toEqual({ ok: true, value: 'Dana' });
  });

  it('keys an error of the whole input by the empty path', () => {
    expect(validate(v.string('Say something'), 42)).toEqual({ ok: false, errors: { '': 'Say something' } });
  });

  it('keys errors by dotted path and keeps the first of each field', () => {
    const schema = v.object({
      address: v.object({ city: v.pipe(v.string(), v.nonEmpty('City is required'), v.minLength(2, 'Too short')) }),
    });
    expect(validate(schema, { address: { city: '' } })).toEqual({
      ok: false,
      errors: { 'address.city': 'City is required' },
    });
  });

  it('stops at the first failing rule of a field, so no later rule sees what failed', () => {
    const seen: string[] = [];
    const schema = v.pipe(
      v.string(),
      v.email('Invalid Email'),
      v.check((text) => {
        seen.push(text);
        return true;
      }, 'never'),
    );
    expect(validate(schema, 'dana@')).toEqual({ ok: false, errors: { '': 'Invalid Email' } });
    expect(seen).toEqual([]);
  });
});

describe('hasControlCharacters', () => {
  it.each(['', 'Dana Whitfield', 'Zoë', 'line one\nline two', 'a\tb', 'a\r\nb', ' ', '~', '\u0080', '\u00A0'])(
    'finds none in %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(false);
    },
  );

  it.each(['\u0000', 'Da\u0000na', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B[31m', '\u001F', 'end\u007F'])(
    'finds one in %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(true);
    },
  );

  it('is the rule of plainText, with its message', () => {
    const schema = v.pipe(v.string(), plainText('Remove the unsupported characters'));
    expect(validate(schema, 'a\u0007')).toEqual({ ok: false, errors: { '': 'Remove the unsupported characters' } });
    expect(validate(schema, 'a\tb')).toEqual({ ok: true, value: 'a\tb' });
  });
});
