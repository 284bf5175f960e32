import { describe, expect, it } from 'vitest';
import {
  normaliseComment,
  THEME_LABELS,
  THEME_WORDS,
  themesOf,
  themeWords,
  THEMES,
  type Theme,
} from '../../../src/domain/themes';
import { THEME_COMMENTS } from '../../fixtures/theme-comments';

describe('the themes of a comment', () => {
  it('are the issue’s eight, each with its English label', () => {
    expect(THEMES).toEqual([
      'wash_quality',
      'damage',
      'staff',
      'wait_time',
      'price_value',
      'site_cleanliness',
      'equipment',
      'billing_membership',
    ]);
    expect(THEME_LABELS).toEqual({
      wash_quality: 'Wash quality',
      damage: 'Damage',
      staff: 'Staff',
      wait_time: 'Wait time',
      price_value: 'Price or value',
      site_cleanliness: 'Cleanliness of the site',
      equipment: 'Equipment',
      billing_membership: 'Billing or membership',
    });
  });

  it.each(THEME_COMMENTS)('$language: "$comment" is about $themes', ({ comment, themes }) => {
    expect(themesOf(comment)).toEqual(themes);
  });

  it('are tried on comments in both languages, each theme in each', () => {
    for (const language of ['en', 'es'] as const) {
      const comments = THEME_COMMENTS.filter((c) => c.language === language);
      expect(comments.length, language).toBeGreaterThanOrEqual(15);
      const found = new Set(comments.flatMap((c) => c.themes));
      expect(
        [...THEMES].filter((theme) => !found.has(theme)),
        language,
      ).toEqual([]);
      expect(
        comments.some((c) => c.themes.length === 0),
        language,
      ).toBe(true);
      expect(
        comments.some((c) => c.themes.length > 1),
        language,
      ).toBe(true);
    }
  });

  it('match the start of a word, whatever follows it', () => {
    expect(themesOf('SCRATCHES everywhere')).toEqual(['damage']);
    expect(themesOf('two new scratches')).toEqual(['damage']);
    expect(themesOf('unscratched')).toEqual([]);
    expect(themesOf('rayones')).toEqual(['damage']);
    expect(themesOf('lo rayaron')).toEqual(['damage']);
    expect(themesOf('x_scratch, 3scratch')).toEqual([]);
  });

  it('are listed once each, in the order of THEMES', () => {
    const themes = themesOf('Scratch, scratch, scratch: the staff were slow and the staff were rude.');
    expect(themes).toEqual(['damage', 'staff', 'wait_time']);
  });
});

describe('the word list', () => {
  const entries = THEMES.flatMap((theme) =>
    (['en', 'es'] as const).flatMap((language) => THEME_WORDS[theme][language].map((word) => ({ theme, word }))),
  );

  it('has English and Spanish words for every theme', () => {
    for (const theme of THEMES) {
      expect(THEME_WORDS[theme].en.length, theme).toBeGreaterThanOrEqual(10);
      expect(THEME_WORDS[theme].es.length, theme).toBeGreaterThanOrEqual(10);
    }
  });

  it('holds lowercase letters without accents, spaces and apostrophes only, a letter at each end', () => {
    const malformed = entries.filter(({ word }) => !/^[a-z](?:[a-z' ]*[a-z])?$/.test(word) || word.includes('  '));
    expect(malformed).toEqual([]);
  });

  it('lists a word once per theme', () => {
    for (const theme of THEMES) {
      for (const language of ['en', 'es'] as const) {
        const words = THEME_WORDS[theme][language];
        expect(
          words.filter((word, index) => words.indexOf(word) !== index),
          `${theme} ${language}`,
        ).toEqual([]);
      }
    }
  });

  it('finds every one of its words, and each in its own theme', () => {
    const unmatched = entries.filter(({ theme, word }) => !themesOf(word).includes(theme));
    expect(unmatched).toEqual([]);
  });

  it('compiles each theme from its English and Spanish words', () => {
    const theme: Theme = 'damage';
    expect(themeWords(theme)).toEqual([...THEME_WORDS.damage.en, ...THEME_WORDS.damage.es]);
  });
});

describe('a normalised comment', () => {
  it('loses its accents and capitals, so the Spanish letters read as the list writes them', () => {
    expect(normaliseComment('Rayón en el BAÑO, pingüino, ÁÉÍÓÚÜÑ àâäãèêëìîïòôöõùûç')).toBe(
      'rayon en el bano, pinguino, aeiouun aaaaeeeiiioooouuc',
    );
  });

  it('reads separately typed accents, typographic apostrophes and hyphens as the list does', () => {
    expect(normaliseComment('rayo\u0301n')).toBe('rayon');
    expect(normaliseComment('It didn’t ‘work’')).toBe("it didn't 'work'");
    expect(normaliseComment('a rip-off, out-of-order')).toBe('a rip off, out of order');
  });
});
