import { AsYouType, getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/max/metadata';
import minMetadata from 'libphonenumber-js/min/metadata';
import examples from 'libphonenumber-js/mobile/examples';

/** What the customer sees after typing `typed`: the text, where the digits sit, and the country it switches to. */
function seen(typed: string, country: CountryCode | undefined, metadata: typeof minMetadata) {
  const formatter = new AsYouType(country, metadata);
  const text = formatter.input(typed);
  return { text, template: formatter.getTemplate(), country: formatter.getCountry() };
}

/**
 * The two steps of the phone metadata (src/components/phone-input/phone-metadata.ts) must format as you type
 * alike: min, before the full metadata lands, shows what max shows after. A property of the library's data, not of
 * our code, so it is checked here, after an upgrade of libphonenumber-js, rather than in every test run (issue 24).
 * Answers each prefix of each country's example mobile number that the two show differently.
 */
export function metadataDifferences(): string[] {
  const differences: string[] = [];
  for (const country of getCountries(maxMetadata)) {
    const example = examples[country];
    if (!example) continue;
    for (const number of [example, `+${getCountryCallingCode(country, maxMetadata)}${example}`]) {
      for (let length = 1; length <= number.length; length += 1) {
        const typed = number.slice(0, length);
        for (const selected of [country, undefined]) {
          const before = seen(typed, selected, minMetadata);
          const after = seen(typed, selected, maxMetadata);
          if (JSON.stringify(before) !== JSON.stringify(after)) {
            differences.push(`${selected ?? 'none'} "${typed}": ${JSON.stringify(before)} vs ${JSON.stringify(after)}`);
          }
        }
      }
    }
  }
  return differences;
}
