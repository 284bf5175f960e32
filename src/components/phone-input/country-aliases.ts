/**
 * Names customers search by that `Intl.DisplayNames` does not give: older or everyday names ("Turkey", "Ivory
 * Coast"), abbreviations ("USA", "UK"), and the parts of a country ("Scotland"). English only, like the list.
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

/** Other names for a country, including "Saint" for "St." and "and" for "&" ("St. Kitts & Nevis"). */
export function countryAliases(code: string, name: string): string[] {
  const spelledOut = name.replace(/^St\. /, 'Saint ').replace(/ & /g, ' and ');
  return [...(ALIASES[code] ?? []), ...(spelledOut === name ? [] : [spelledOut])];
}
