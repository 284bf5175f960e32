/**
 * Names customers search by that `Intl.DisplayNames` does not give: older or everyday names ("Turkey", "Ivory
 * Coast"), abbreviations ("USA", "UK"), and the parts of a country ("Scotland"). English: countries.ts adds them, with the
 * English name, to the list in every language.
 */
const ALIASES: Partial<Record<string, readonly string[]>> = {
  AE: ['UAE'],
  CD: ['Democratic Republic of the Congo', 'DRC'],
  CG: ['Republic of the Congo'],
  CI: ['Ivory Coast'],
  CV: ['Cabo Verde'],
  CZ: ['Czech Republic'],
  GB: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  MK: ['Macedonia'],
  MM: ['Burma'],
  NL: ['Holland'],
  PS: ['Palestine'],
  SZ: ['Swaziland'],
  TL: ['East Timor'],
  TR: ['Turkey'],
  US: ['USA', 'United States of America', 'America'],
  VA: ['Holy See'],
};

/**
 * What a Spanish reader types that neither the Spanish nor the English name is: "EE. UU.", the parts of the United
 * Kingdom, the everyday names. Search data, never shown.
 */
const SPANISH_ALIASES: Partial<Record<string, readonly string[]>> = {
  US: ['EE. UU.', 'EEUU', 'EE.UU.', 'Estados Unidos de América'],
  GB: ['Inglaterra', 'Escocia', 'Gales', 'Irlanda del Norte', 'Gran Bretaña'],
  NL: ['Holanda'],
  CD: ['Congo-Kinsasa', 'RDC'],
  CG: ['Congo-Brazzaville'],
  CI: ['Costa de Marfil'],
  KR: ['Corea'],
  DO: ['Dominicana', 'RD'],
};

export const spanishCountryAliases = (code: string): readonly string[] => SPANISH_ALIASES[code] ?? [];

/** Other names for a country, including "Saint" for "St." and "and" for "&" ("St. Kitts & Nevis"). */
export function countryAliases(code: string, name: string): string[] {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- search data (what customers type), never shown
  const spelledOut = name.replace(/^St\. /, 'Saint ').replace(/ & /g, ' and ');
  return [...(ALIASES[code] ?? []), ...(spelledOut === name ? [] : [spelledOut])];
}
