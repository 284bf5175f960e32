import { describe, expect, it } from 'vitest';
import {
  MAX_PHONE_INPUT_LENGTH,
  sanitizePhoneInput,
  sanitizePhoneInputWithCaret,
} from '../../../../src/components/phone-input/sanitize-phone-input';

describe('sanitizePhoneInput (docs/spec.md §2)', () => {
  it('keeps digits, spaces, parentheses, plus and minus', () => {
    expect(sanitizePhoneInput('+1 (201) 555-0143')).toBe('+1 (201) 555-0143');
  });

  it('drops everything else', () => {
    expect(sanitizePhoneInput('tel: 201.555.0143 ext#12 / abc')).toBe(' 2015550143 12  ');
    expect(sanitizePhoneInput('📞<script>')).toBe('');
  });

  it('reads full-width digits as the ASCII digits they are', () => {
    expect(sanitizePhoneInput('＋１ ２０１')).toBe('+1 201');
  });

  it('cuts at 250 characters', () => {
    expect(MAX_PHONE_INPUT_LENGTH).toBe(250);
    expect(sanitizePhoneInput('1'.repeat(300))).toHaveLength(250);
    expect(sanitizePhoneInput('a1'.repeat(300))).toBe('1'.repeat(250));
  });

  it('keeps the caret after the character it followed', () => {
    // A letter pasted before the caret goes, and the caret moves back with the text.
    expect(sanitizePhoneInputWithCaret('(201) x555-0143', 7)).toEqual({ text: '(201) 555-0143', caret: 6 });
    // Nothing to drop before the caret: it stays.
    expect(sanitizePhoneInputWithCaret('(201) 555-0143x', 3)).toEqual({ text: '(201) 555-0143', caret: 3 });
    expect(sanitizePhoneInputWithCaret('1'.repeat(260), 260)).toEqual({ text: '1'.repeat(250), caret: 250 });
  });
});
