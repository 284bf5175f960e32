import { AsYouType, parsePhoneNumberCharacter, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import { phoneMetadata } from './phone-metadata';

/**
 * docs/spec.md §9 "parse digit limit 15": the most digits the field takes, the E.164 maximum. Formatting and validation both
 * read at most this much, so a long paste cannot grow the field without bound.
 */
export const MAX_TYPED_DIGITS = 15;

/** input-format shares one context object across the characters of a single parse. */
interface ParseContext {
  ignoreRest?: boolean;
}

/**
 * input-format's per-character parser, as react-phone-number-input's smart caret uses it: keeps digits and a leading
 * '+', and stops at a '+' in the middle ("2+7" keeps "2") instead of gluing the digits around it together.
 */
export function parsePhoneCharacter(character: string, value: string, context?: ParseContext): string | undefined {
  if (context?.ignoreRest) return undefined;
  const parsed = parsePhoneNumberCharacter(character, value, () => {
    if (context) context.ignoreRest = true;
  });
  if (parsed === undefined || parsed === '+') return parsed;
  return value.replace('+', '').length < MAX_TYPED_DIGITS ? parsed : undefined;
}

/**
 * input-format's formatter: libphonenumber-js `AsYouType` for the selected country. The template (`(xxx) xxx-xxxx`)
 * tells input-format where each digit sits, which is how the caret keeps its place in the middle of a number.
 */
export function createPhoneFormatter(
  country: CountryCode | undefined,
  metadata: MetadataJson = phoneMetadata(),
): (value?: string) => {
  text: string;
  template: string;
} {
  return (value = '') => {
    const formatter = new AsYouType(country, metadata);
    const text = formatter.input(value);
    return { text, template: formatter.getTemplate() };
  };
}
