import { expect, test } from 'vitest';
import { acceptedLanguages, chosenLanguage, pickLanguage } from '../../../src/domain/language';

test('the first of the reader’s languages we have, by primary subtag', () => {
  expect(pickLanguage(['es-US', 'en-US'])).toBe('es');
  expect(pickLanguage(['es-419'])).toBe('es');
  expect(pickLanguage(['fr-CA', 'es', 'en'])).toBe('es');
  expect(pickLanguage(['en-GB', 'es'])).toBe('en');
  expect(pickLanguage(['fr', 'de'])).toBe('en');
  expect(pickLanguage([])).toBe('en');
});

test('an Accept-Language header, most wanted first, without what it refuses', () => {
  expect(acceptedLanguages('es-US,es;q=0.9,en;q=0.8')).toEqual(['es-US', 'es', 'en']);
  expect(acceptedLanguages('en;q=0.5, es')).toEqual(['es', 'en']);
  expect(acceptedLanguages('es;q=0, en')).toEqual(['en']);
  expect(acceptedLanguages('*')).toEqual([]);
  expect(acceptedLanguages(undefined)).toEqual([]);
  expect(pickLanguage(acceptedLanguages('fr-FR,fr;q=0.9,es;q=0.8'))).toBe('es');
});

test('the switch’s cookie, among others, and nothing else', () => {
  expect(chosenLanguage('a=1; club_lang=es; b=2')).toBe('es');
  expect(chosenLanguage('club_lang=en')).toBe('en');
  expect(chosenLanguage('club_lang=fr')).toBeUndefined();
  expect(chosenLanguage('')).toBeUndefined();
  expect(chosenLanguage(undefined)).toBeUndefined();
});
