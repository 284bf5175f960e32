import { expect, test } from 'vitest';
import { acceptedLanguages, chosenLanguage, pickLanguage } from '../../../src/domain/language';

test('the first of the reader’s languages we have, by primary subtag', () => {
  expect(pickLanguage(['es-US', 'en-US'])).toBe('es');
  expect(pickLanguage(['es-419'])).toBe('es');
  expect(pickLanguage(['fr-CA', 'es', 'en'])).toBe('es');
  expect(pickLanguage(['en-GB', 'es'])).toBe('en');
  expect(pickLanguage(['fr', 'de'])).toBe('en');
  expect(pickLanguage([])).toBe('en');
  expect(pickLanguage([' ES_us '])).toBe('es');
});

test('an Accept-Language header, most wanted first, without what it refuses', () => {
  expect(acceptedLanguages('es-US,es;q=0.9,en;q=0.8')).toEqual(['es-US', 'es', 'en']);
  expect(acceptedLanguages('en;q=0.5, es')).toEqual(['es', 'en']);
  expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
  expect(acceptedLanguages('*')).toEqual([]);
  expect(acceptedLanguages(undefined)).toEqual([]);
  expect(pickLanguage(acceptedLanguages('fr-FR,fr;q=0.9,es;q=0.8'))).toBe('es');
});

test('tags of equal weight keep the header’s order', () => {
  expect(acceptedLanguages('fr, es, en, de')).toEqual(['fr', 'es', 'en', 'de']);
  expect(acceptedLanguages('de;q=0.5, fr;q=0.8, es;q=0.8, en;q=0.8')).toEqual(['fr', 'es', 'en', 'de']);
});

test('a header written loosely: spaces, empty entries and other parameters', () => {
  expect(acceptedLanguages(' es ;q=0.9 , en ')).toEqual(['en', 'es']);
  expect(acceptedLanguages('es,,en,')).toEqual(['es', 'en']);
  expect(acceptedLanguages('es;level=1, en;q=0.5')).toEqual(['es', 'en']);
  expect(acceptedLanguages('es; q=0, en')).toEqual(['en']);
  expect(acceptedLanguages('es;q=0 ;level=1, en')).toEqual(['en']);
});

test('a weight that is not written as q=<number> is no weight', () => {
  expect(acceptedLanguages('es;q=0x, en;q=0.5')).toEqual(['es', 'en']);
  expect(acceptedLanguages('es;xq=0, en;q=0.5')).toEqual(['es', 'en']);
});

test('the switch’s cookie, among others, and nothing else', () => {
  expect(chosenLanguage('a=1; club_lang=es; b=2')).toBe('es');
  expect(chosenLanguage('club_lang=en')).toBe('en');
  expect(chosenLanguage('club_lang=fr')).toBeUndefined();
  expect(chosenLanguage('lang=es; other_lang=es')).toBeUndefined();
  expect(chosenLanguage(' club_lang = es ')).toBe('es');
  expect(chosenLanguage('')).toBeUndefined();
  expect(chosenLanguage(undefined)).toBeUndefined();
  expect(chosenLanguage(null)).toBeUndefined();
});
