import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  type CountryCode,
} from 'libphonenumber-js/core';
import type { Language } from '../../domain/language';
import { countryAliases, spanishCountryAliases } from './country-aliases';
import { phoneMetadata } from './phone-metadata';

export interface Country {
  code: CountryCode;
  /** Name in the language shown, from `Intl.DisplayNames`. */
  name: string;
  /**
   * Other names the search also matches ("USA", "Ivory Coast"). In Spanish, the English name and its aliases too: a
   * Spanish reader may still type "Mexico" or "USA".
   */
  aliases: string[];
  /** Without the '+': "1", "44". */
  callingCode: string;
  /** The country a calling code stands for when the number does not say more: US for +1, GB for +44. */
  isMainForCallingCode: boolean;
}

/** libphonenumber-js lists the main country of a shared calling code first. */
export function mainCountryForCallingCode(callingCode: string): CountryCode | undefined {
  const metadata = phoneMetadata();
  const code = metadata.country_calling_codes[callingCode]?.[0];
  return code !== undefined && isSupportedCountry(code, metadata) ? code : undefined;
}

/**
 * Built once per language on first use, so importing this module costs nothing. The min and max metadata
 * (phone-metadata.ts) hold the same countries and calling codes, so a list built before the max one loads stays right.
 */
const countriesByLanguage = new Map<Language, readonly Country[]>();

function buildCountries(language: Language): readonly Country[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const englishNames = language === 'en' ? names : new Intl.DisplayNames(['en'], { type: 'region' });
  const metadata = phoneMetadata();
  return getCountries(metadata)
    .map((code) => {
      const callingCode = getCountryCallingCode(code, metadata);
      const name = names.of(code) ?? code;
      const englishName = englishNames.of(code) ?? code;
      // The aliases are English: in another language the English name joins them.
      const englishAliases = countryAliases(code, englishName);
      return {
        code,
        name,
        aliases: [
          ...(englishName === name ? [] : [englishName]),
          ...englishAliases,
          ...(language === 'es' ? spanishCountryAliases(code) : []),
        ],
        callingCode,
        isMainForCallingCode: mainCountryForCallingCode(callingCode) === code,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** Every country libphonenumber-js knows, named and sorted in `language` (English by default). */
export function listCountries(language: Language = 'en'): readonly Country[] {
  let countries = countriesByLanguage.get(language);
  if (!countries) {
    countries = buildCountries(language);
    countriesByLanguage.set(language, countries);
  }
  return countries;
}

// libphonenumber-js/core's isSupportedCountry takes any string at run time but is typed for known codes only.
const isKnownCountry = (code: string): code is CountryCode => isSupportedCountry(code as CountryCode, phoneMetadata());

/** `defaultCountry` comes from runtime configuration: accept 'us' as well as 'US'. */
export function toCountryCode(code: string | undefined): CountryCode | undefined {
  const upper = code?.trim().toUpperCase() ?? '';
  return isKnownCountry(upper) ? upper : undefined;
}

/**
 * The country a number typed with '+' belongs to, as far as the digits so far tell. "+44" alone says GB (or keeps GG
 * when that is selected, as it shares +44); "+44 1481…" then says GG. A non-international number never changes the
 * country: a United States customer typing a Canadian area code keeps the United States selected.
 */
export function countryOfTypedNumber(value: string, current: CountryCode | undefined): CountryCode | undefined {
  if (!value.startsWith('+')) return current;
  const metadata = phoneMetadata();
  const formatter = new AsYouType(undefined, metadata);
  formatter.input(value);
  const exact = formatter.getCountry();
  if (exact) return exact;
  const callingCode = formatter.getCallingCode();
  if (callingCode === undefined) return current;
  if (current && getCountryCallingCode(current, metadata) === callingCode) return current;
  return mainCountryForCallingCode(callingCode) ?? current;
}

/** The national digits of a number typed with '+', for when the customer then picks a country by hand. */
export function nationalPartOfTypedNumber(value: string): string {
  if (!value.startsWith('+')) return value;
  const formatter = new AsYouType(undefined, phoneMetadata());
  formatter.input(value);
  // `value` holds only the '+' and digits, so the national part is what follows the calling code.
  return value.slice(1 + (formatter.getCallingCode()?.length ?? 0));
}
