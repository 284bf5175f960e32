import {
  parsePhoneNumberWithError,
  type CountryCode,
  type PhoneNumber,
  type PhoneNumberType,
} from 'libphonenumber-js/max';
import type { MetadataJson } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/max/metadata';
import { MAX_PHONE_INPUT_LENGTH } from './sanitize-phone-input';

/**
 * The metadata this module validates with, the same file libphonenumber-js/max reads. The phone input loads this
 * module lazily (phone-metadata.ts) and formats with it too once it is here.
 */
export const FULL_METADATA: MetadataJson = maxMetadata;

/** docs/spec.md §5/§9 generic limits, on top of each country's own patterns and lengths. */
export const MIN_NATIONAL_NUMBER_DIGITS = 2;
export const MAX_NATIONAL_NUMBER_DIGITS = 17;
export const MAX_EXTENSION_DIGITS = 20;

/** docs/spec.md §3 "Phone-number validation result". Text fields are undefined when the input cannot be parsed. */
export interface PhoneValidationResult {
  /** Valid for `countryCode`: a valid number of another country is not valid here. */
  isValid: boolean;
  /** The country the number is checked against: the selected one, or the parsed one for a number typed with '+'. */
  countryCode: CountryCode | undefined;
  /** The country libphonenumber-js reads from the number itself. */
  parsedCountryCode: CountryCode | undefined;
  isPossible: boolean;
  countryCallingCode: string | undefined;
  nationalNumber: string | undefined;
  type: PhoneNumberType | undefined;
  formatInternational: string | undefined;
  formatNational: string | undefined;
  uri: string | undefined;
  e164: string | undefined;
  rfc3966: string | undefined;
  possibleCountries: CountryCode[];
}

function unparsed(countryCode: CountryCode | undefined): PhoneValidationResult {
  return {
    isValid: false,
    countryCode,
    parsedCountryCode: undefined,
    isPossible: false,
    countryCallingCode: undefined,
    nationalNumber: undefined,
    type: undefined,
    formatInternational: undefined,
    formatNational: undefined,
    uri: undefined,
    e164: undefined,
    rfc3966: undefined,
    possibleCountries: [],
  };
}

function parse(input: string, country: CountryCode | undefined): PhoneNumber | undefined {
  try {
    return parsePhoneNumberWithError(input, country ? { defaultCountry: country } : undefined);
  } catch {
    // NOT_A_NUMBER, TOO_SHORT, TOO_LONG, INVALID_COUNTRY: all of them simply mean "not a valid number" here.
    return undefined;
  }
}

/** A number typed with its '+' calling code says its own country; anything else is read in the selected one. */
export function isInternationalInput(input: string): boolean {
  return input.trimStart().startsWith('+');
}

/**
 * docs/spec.md §5: validates what the customer typed for the selected country and describes the number.
 * A national number that libphonenumber-js places in another country (a Canadian area code while the United States
 * is selected) is invalid: the customer must pick that country. A number typed with '+' switches the country instead.
 */
export function validatePhoneNumber(input: string, country: CountryCode | undefined): PhoneValidationResult {
  if (input.length > MAX_PHONE_INPUT_LENGTH || input.trim() === '') return unparsed(country);

  const parsed = parse(input, country);
  if (!parsed) return unparsed(country);

  const countryCode = isInternationalInput(input) ? (parsed.country ?? country) : country;
  const nationalDigits = parsed.nationalNumber.length;
  const withinLimits =
    nationalDigits >= MIN_NATIONAL_NUMBER_DIGITS &&
    nationalDigits <= MAX_NATIONAL_NUMBER_DIGITS &&
    (parsed.ext ?? '').length <= MAX_EXTENSION_DIGITS;

  return {
    isValid: withinLimits && countryCode !== undefined && parsed.country === countryCode && parsed.isValid(),
    countryCode,
    parsedCountryCode: parsed.country,
    isPossible: withinLimits && parsed.isPossible(),
    countryCallingCode: parsed.countryCallingCode,
    nationalNumber: parsed.nationalNumber,
    type: parsed.getType(),
    formatInternational: parsed.formatInternational(),
    formatNational: parsed.formatNational(),
    uri: parsed.getURI(),
    e164: parsed.number,
    rfc3966: parsed.format('RFC3966'),
    possibleCountries: parsed.getPossibleCountries(),
  };
}
