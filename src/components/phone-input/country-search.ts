import type { Country } from './countries';
import { FUZZY_THRESHOLD, fuzzyScore } from './fuzzy-match';

/** "+49", "49" and "0049" all ask for a calling code. */
function callingCodeQuery(query: string): string | undefined {
  const match = /^\s*(?:\+|00)?\s*(\d{1,3})\s*$/.exec(query);
  return match?.[1];
}

function callingCodeScore(digits: string, country: Country): number {
  if (country.callingCode === digits) return country.isMainForCallingCode ? 1 : 0.99;
  return country.callingCode.startsWith(digits) ? 0.9 : 0;
}

function isoCodeScore(query: string, country: Country): number {
  const code = query.trim().toUpperCase();
  if (!/^[A-Z]{1,2}$/.test(code)) return 0;
  if (country.code === code) return 1;
  return country.code.startsWith(code) ? 0.9 : 0;
}

/**
 * How well a country answers a search: by its name in the language shown (or another name it goes by, English ones
 * included), ISO code or calling code. Names match without case or accents: "mexico" finds "México".
 */
export function countryScore(query: string, country: Country): number {
  const digits = callingCodeQuery(query);
  if (digits !== undefined) return callingCodeScore(digits, country);
  const names = [country.name, ...country.aliases];
  return Math.max(isoCodeScore(query, country), ...names.map((name) => fuzzyScore(query, name)));
}

/**
 * docs/spec.md §9: countries scoring at least the 0.75 threshold, best first; an empty query lists them all. Equal
 * scores keep the order given, which for `listCountries` is by name in the language shown.
 */
export function searchCountries(countries: readonly Country[], query: string): Country[] {
  if (query.trim() === '') return [...countries];
  return (
    countries
      .map((country) => ({ country, score: countryScore(query, country) }))
      .filter(({ score }) => score >= FUZZY_THRESHOLD)
      // Array.prototype.sort is stable: equal scores stay in the list's own order.
      .sort((a, b) => b.score - a.score)
      .map(({ country }) => country)
  );
}
