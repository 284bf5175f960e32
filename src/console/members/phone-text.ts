import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** The calling code of a country (`US` → `1`), or null for a code libphonenumber does not know. */
function callingCode(country: string): string | null {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return null;
  }
}

/**
 * A member's number as staff read and dial it: nationally when it shares the calling code of the operator's country
 * (the country its tills read numbers in, DEFAULT_PHONE_COUNTRY), internationally otherwise, as it came when it
 * cannot be read.
 */
export function phoneText(e164: string, country: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.isValid()) return e164;
  return parsed.countryCallingCode === callingCode(country) ? parsed.formatNational() : parsed.formatInternational();
}
