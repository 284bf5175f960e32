/** docs/spec.md §9: nothing longer than this is ever parsed (libphonenumber-js refuses it too). */
export const MAX_PHONE_INPUT_LENGTH = 250;

const DISALLOWED = /[^0-9 ()+-]/g;

/** docs/spec.md §2: keeps only digits, spaces, parentheses, plus and minus, and cuts at 250 characters. */
export function sanitizePhoneInput(text: string): string {
  // NFKC turns full-width digits and signs (typed on Japanese and Chinese keyboards) into ASCII ones first.
  return text.normalize('NFKC').replace(DISALLOWED, '').slice(0, MAX_PHONE_INPUT_LENGTH);
}

/**
 * The same as {@link sanitizePhoneInput}, also moving a caret index so it stays after the character it followed:
 * dropping a pasted letter in the middle of a number must not throw the caret to the end.
 */
export function sanitizePhoneInputWithCaret(text: string, caret: number): { text: string; caret: number } {
  const sanitizedBeforeCaret = sanitizePhoneInput(text.slice(0, caret));
  const sanitized = sanitizePhoneInput(text);
  return { text: sanitized, caret: Math.min(sanitizedBeforeCaret.length, sanitized.length) };
}
