import { describe, expect, it } from 'vitest';
import { format, parse } from 'input-format';
import {
  MAX_TYPED_DIGITS,
  createPhoneFormatter,
  parsePhoneCharacter,
} from '../../../../src/components/phone-input/phone-number-format';

const parseAll = (text: string) => parse(text, text.length, parsePhoneCharacter).value;

/** What input-format does on each keystroke: parse the raw text at the caret, then format it again. */
function retype(text: string, caret: number) {
  const parsed = parse(text, caret, parsePhoneCharacter);
  return format(parsed.value, parsed.caret, createPhoneFormatter('US'));
}

describe('formatting as you type (docs/spec.md §9)', () => {
  it('formats with AsYouType for the selected country', () => {
    expect(createPhoneFormatter('US')('2015550143')).toEqual({ text: '(201) 555-0143', template: '(xxx) xxx-xxxx' });
    expect(createPhoneFormatter('GB')('07400123456').text).toBe('07400 123456');
    expect(createPhoneFormatter('US')('+447400123456').text).toBe('+44 7400 123456');
    expect(createPhoneFormatter(undefined)('2015550143').text).toBe('2015550143');
  });

  it('keeps the caret after a digit inserted in the middle', () => {
    // "(201) 55|0-143" + "5": the customer puts back a digit after "55". The caret ends before the next digit,
    // past the dash the formatting brought in: "(201) 555-|0143", not at the end.
    expect(retype('(201) 5550-143', 9)).toEqual({ text: '(201) 555-0143', caret: 10 });
  });

  it('keeps the caret where a digit was deleted in the middle', () => {
    // "(201) 555-0143" with the second "5" deleted: "(201) 5|5-0143".
    expect(retype('(201) 55-0143', 7)).toEqual({ text: '(201) 550-143', caret: 7 });
  });

  it('keeps a leading + and stops at a + in the middle', () => {
    expect(parseAll('+44 7400')).toBe('+447400');
    expect(parseAll('2+7')).toBe('2');
  });

  it('takes at most 15 digits (the parse limit)', () => {
    expect(MAX_TYPED_DIGITS).toBe(15);
    expect(parseAll('1'.repeat(20))).toBe('1'.repeat(15));
    expect(parseAll(`+${'4'.repeat(20)}`)).toBe(`+${'4'.repeat(15)}`);
  });
});
