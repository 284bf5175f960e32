import { describe, expect, it } from 'vitest';
import {
  countryOfTypedNumber,
  type Country,
  listCountries,
  mainCountryForCallingCode,
  nationalPartOfTypedNumber,
  toCountryCode,
} from '../../../../src/components/phone-input/countries';
import { searchCountries } from '../../../../src/components/phone-input/country-search';

const countries = listCountries();
const codes = (query: string) => searchCountries(countries, query).map((country) => country.code);

describe('the country list', () => {
  it('has every libphonenumber-js country with its English name and calling code, by name', () => {
    expect(countries).toHaveLength(245);
    expect(countries.find((country) => country.code === 'DE')).toMatchObject({ name: 'Germany', callingCode: '49' });
    const names = countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('knows the main country of a shared calling code', () => {
    expect(mainCountryForCallingCode('1')).toBe('US');
    expect(mainCountryForCallingCode('44')).toBe('GB');
    expect(mainCountryForCallingCode('999')).toBeUndefined();
  });

  it('accepts configured codes in any case and refuses unknown ones', () => {
    expect(toCountryCode('us')).toBe('US');
    expect(toCountryCode(' GB ')).toBe('GB');
    expect(toCountryCode('XX')).toBeUndefined();
    expect(toCountryCode('')).toBeUndefined();
  });
});

describe('searchCountries', () => {
  it('finds Germany by name, ISO code and calling code, first', () => {
    expect(codes('germ')[0]).toBe('DE');
    expect(codes('DE')[0]).toBe('DE');
    expect(codes('de')[0]).toBe('DE');
    expect(codes('+49')).toEqual(['DE']);
    expect(codes('0049')).toEqual(['DE']);
  });

  it('forgives typos and knows everyday names', () => {
    expect(codes('grmany')).toEqual(['DE']);
    expect(codes('untied states')[0]).toBe('US');
    expect(codes('usa')).toEqual(['US']);
    expect(codes('uk')[0]).toBe('GB');
    expect(codes('ivory coast')).toEqual(['CI']);
    expect(codes('cote')).toEqual(['CI']);
    expect(codes('saint kitts')).toEqual(['KN']);
  });

  it('puts the main country of a shared calling code first', () => {
    const nanp = codes('+1');
    expect(nanp[0]).toBe('US');
    expect(nanp).toContain('CA');
    expect(nanp.length).toBeGreaterThan(20);
    expect(codes('+44')).toEqual(['GB', 'GG', 'IM', 'JE']);
  });

  it('lists everything for an empty query and nothing for nonsense', () => {
    expect(searchCountries(countries, '  ')).toHaveLength(245);
    expect(codes('qqqq')).toEqual([]);
  });
});

describe('in Spanish', () => {
  const spanish = listCountries('es');
  const spanishCodes = (query: string) => searchCountries(spanish, query).map((country) => country.code);
  const spanishNames = (query: string) => searchCountries(spanish, query).map((country) => country.name);

  it('names every country in Spanish, sorted as Spanish sorts', () => {
    expect(spanish).toHaveLength(245);
    expect(spanish.find((country) => country.code === 'DE')).toMatchObject({ name: 'Alemania', callingCode: '49' });
    expect(spanish.find((country) => country.code === 'US')?.name).toBe('Estados Unidos');
    expect(spanish.find((country) => country.code === 'MX')?.name).toBe('México');
    const names = spanish.map((country) => country.name);
    expect(names.slice(0, 3)).toEqual(['Afganistán', 'Albania', 'Alemania']);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    // Accents do not send a name to the end: "Islas Caimán" sorts with "Islas Cocos", "España" before "Estados Unidos".
    expect(names.indexOf('Islas Caimán')).toBe(names.indexOf('Islas Cocos') - 1);
    expect(names.indexOf('España')).toBe(names.indexOf('Estados Unidos') - 1);
  });

  it('keeps the calling codes and main countries of the English list', () => {
    const byCode = (list: readonly Country[]) =>
      Object.fromEntries(list.map((country) => [country.code, [country.callingCode, country.isMainForCallingCode]]));
    expect(byCode(spanish)).toEqual(byCode(countries));
  });

  it('is built once per language', () => {
    expect(listCountries('es')).toBe(spanish);
    expect(listCountries('en')).toBe(countries);
    expect(listCountries()).toBe(countries);
    expect(spanish).not.toBe(countries);
  });

  it('finds the Spanish name without its accents', () => {
    expect(spanishCodes('mexico')).toEqual(['MX']);
    expect(spanishCodes('méxico')).toEqual(['MX']);
    expect(spanishCodes('espana')).toEqual(['ES']);
    expect(spanishCodes('España')).toEqual(['ES']);
    expect(spanishCodes('estados unidos')[0]).toBe('US');
    expect(spanishCodes('alem')[0]).toBe('DE');
    expect(spanishCodes('paises bajos')).toEqual(['NL']);
    expect(spanishCodes('san cristobal')).toEqual(['KN']);
  });

  it('finds the names a Spanish reader uses that neither list gives', () => {
    expect(spanishCodes('EE. UU.')[0]).toBe('US');
    expect(spanishCodes('eeuu')[0]).toBe('US');
    expect(spanishCodes('inglaterra')).toEqual(['GB']);
    expect(spanishCodes('holanda')).toEqual(['NL']);
    expect(spanishCodes('costa de marfil')).toEqual(['CI']);
  });

  it('still finds the English name and the English other names', () => {
    expect(spanishCodes('Mexico')).toEqual(['MX']);
    expect(spanishCodes('germany')).toEqual(['DE']);
    expect(spanishCodes('grmany')).toEqual(['DE']);
    expect(spanishCodes('USA')).toEqual(['US']);
    expect(spanishCodes('united states')[0]).toBe('US');
    expect(spanishCodes('uk')[0]).toBe('GB');
    expect(spanishCodes('holland')).toEqual(['NL']);
    expect(spanishCodes('ivory coast')).toEqual(['CI']);
    expect(spanishCodes('saint kitts')).toEqual(['KN']);
  });

  it('finds by ISO and calling code alike, ties in Spanish order', () => {
    expect(spanishCodes('DE')[0]).toBe('DE');
    expect(spanishCodes('+49')).toEqual(['DE']);
    expect(spanishNames('+44')).toEqual(['Reino Unido', 'Guernesey', 'Isla de Man', 'Jersey']);
    expect(spanishCodes('+1')[0]).toBe('US');
    expect(searchCountries(spanish, '')).toEqual(spanish);
    expect(spanishCodes('qqqq')).toEqual([]);
  });
});

describe('the country of a number being typed', () => {
  it('switches to the country of a + calling code', () => {
    expect(countryOfTypedNumber('+44', 'US')).toBe('GB');
    expect(countryOfTypedNumber('+447400123456', 'US')).toBe('GB');
    expect(countryOfTypedNumber('+4915123456789', undefined)).toBe('DE');
  });

  it('keeps a selected country that shares the calling code until the digits say otherwise', () => {
    expect(countryOfTypedNumber('+1', 'CA')).toBe('CA');
    expect(countryOfTypedNumber('+1', undefined)).toBe('US');
    expect(countryOfTypedNumber('+12045551234', 'US')).toBe('CA');
  });

  it('never changes the country for a national number', () => {
    expect(countryOfTypedNumber('2045551234', 'US')).toBe('US');
    expect(countryOfTypedNumber('2015550143', undefined)).toBeUndefined();
    expect(countryOfTypedNumber('+', 'US')).toBe('US');
  });

  it('keeps the national part when the customer picks another country', () => {
    expect(nationalPartOfTypedNumber('+447400123456')).toBe('7400123456');
    expect(nationalPartOfTypedNumber('2015550143')).toBe('2015550143');
  });
});
