import { format, parse } from 'input-format';
import type { CountryCode } from 'libphonenumber-js/max';
import { countryOfTypedNumber } from '../../src/components/phone-input/countries';
import { createPhoneFormatter, parsePhoneCharacter } from '../../src/components/phone-input/phone-number-format';
import { sanitizePhoneInputWithCaret } from '../../src/components/phone-input/sanitize-phone-input';

/** What the field holds between keystrokes: the text shown and input-format's parsed value. */
export interface FieldState {
  text: string;
  value: string;
}

export type Keystroke = (state: FieldState, digit: string) => FieldState;

/**
 * One digit typed at the end of the number, through the same steps as PhoneInput's change handler, minus React and the
 * DOM: sanitise with the caret, input-format's parse with `parsePhoneCharacter`, input-format's format with
 * `createPhoneFormatter` (AsYouType), the country check of `onValueChange`, and the format that `useInput` runs again
 * when the controlled field re-renders with the new value.
 */
export function phoneKeystroke(country: CountryCode): Keystroke {
  const formatter = createPhoneFormatter(country);
  return (state, digit) => {
    const typed = state.text + digit;
    const sanitized = sanitizePhoneInputWithCaret(typed, typed.length);
    const parsed = parse(sanitized.text, sanitized.caret, parsePhoneCharacter);
    const formatted = format(parsed.value, parsed.caret, formatter);
    countryOfTypedNumber(parsed.value, country);
    formatter(parsed.value);
    return { text: formatted.text, value: parsed.value };
  };
}

const NOT_DIGITS = /\D/g;

/** The baseline: a plain `String.prototype.replace` sanitise of the same text, nothing else. */
export const replaceKeystroke: Keystroke = (state, digit) => {
  const value = (state.text + digit).replace(NOT_DIGITS, '');
  return { text: value, value };
};

/** Types `digits` one by one into an empty field, timing each keystroke with performance.now(). */
export function timeTyping(keystroke: Keystroke, digits: string, samples: number[]): FieldState {
  let state: FieldState = { text: '', value: '' };
  for (const digit of digits) {
    const started = performance.now();
    state = keystroke(state, digit);
    samples.push(performance.now() - started);
  }
  return state;
}
