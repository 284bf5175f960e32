import { describe, expect, it } from 'vitest';
import { normaliseComment, THEME_LABELS, THEME_WORDS, themesOf, THEMES } from '../../../src/domain/themes';
import { THEME_COMMENTS } from '../../fixtures/theme-comments';

describe('the themes of a comment', () => {
  it('each have a label of their own for the console to show', () => {
    const labels = THEMES.map((theme) => THEME_LABELS[theme]);
    expect(labels.filter((label) => !/^[A-Z][a-z ]+$/.test(label))).toEqual([]);
    expect(new Set(labels).size).toBe(THEMES.length);
  });

  it('put a complaint under its theme, in either language, and leave a comment about nothing in none', () => {
    expect(themesOf('They scratched my bumper')).toEqual(['damage']);
    expect(themesOf('Me rayaron la puerta')).toEqual(['damage']);
    expect(themesOf('The attendant was rude')).toEqual(['staff']);
    expect(themesOf('Great, see you next month')).toEqual([]);
    expect(themesOf('')).toEqual([]);
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
