import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** The number in E.164 (`+12015550143`) when it is a valid number, otherwise null. */
export function toE164(input: string, defaultCountry?: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** docs/spec.md §4: the mobile number in national format, or as it came when it cannot be formatted. */
export function formatNational(input: string): string {
  const parsed = parsePhoneNumberFromString(input);
  return parsed?.isValid() ? parsed.formatNational() : input;
}

/** After a registration is used, its link shows only the last four digits (`•••• 0143`). */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}
