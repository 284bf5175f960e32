import { describe, expect, it } from 'vitest';
import {
  FUZZY_THRESHOLD,
  editDistance,
  fuzzyScore,
  normalizeForSearch,
} from '../../../../src/components/phone-input/fuzzy-match';

describe('fuzzyScore (docs/spec.md §9 threshold 0.75)', () => {
  it('uses the spec threshold', () => {
    expect(FUZZY_THRESHOLD).toBe(0.75);
  });

  it('ignores case, accents and punctuation', () => {
    expect(normalizeForSearch('  Côte d’Ivoire ')).toBe('cote d ivoire');
    expect(fuzzyScore('COTE D IVOIRE', 'Côte d’Ivoire')).toBe(1);
  });

  it('ignores Spanish accents and the tilde of ñ, and changes nothing for plain English', () => {
    expect(normalizeForSearch('México')).toBe('mexico');
    expect(normalizeForSearch('España')).toBe('espana');
    expect(normalizeForSearch('Perú')).toBe('peru');
    expect(normalizeForSearch('United Kingdom')).toBe('united kingdom');
    expect(fuzzyScore('mexico', 'México')).toBe(1);
    expect(fuzzyScore('espana', 'España')).toBe(1);
    expect(fuzzyScore('España', 'espana')).toBe(1);
    expect(fuzzyScore('mexco', 'México')).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
  });

  it('ranks exact, then prefix, then word prefix, then substring, then typos', () => {
    const exact = fuzzyScore('germany', 'Germany');
    const prefix = fuzzyScore('germ', 'Germany');
    const wordPrefix = fuzzyScore('kingdom', 'United Kingdom');
    const substring = fuzzyScore('many', 'Germany');
    const typo = fuzzyScore('grmany', 'Germany');
    expect(exact).toBe(1);
    expect(prefix).toBeLessThan(exact);
    expect(wordPrefix).toBeLessThan(prefix);
    expect(substring).toBeLessThan(wordPrefix);
    expect(typo).toBeLessThan(substring);
    expect(typo).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
  });

  it('forgives a typo but not a different word', () => {
    expect(fuzzyScore('untied states', 'United States')).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
    expect(fuzzyScore('germny', 'Germany')).toBeGreaterThanOrEqual(FUZZY_THRESHOLD);
    expect(fuzzyScore('france', 'Germany')).toBeLessThan(FUZZY_THRESHOLD);
    expect(fuzzyScore('xz', 'Mozambique')).toBe(0);
    expect(fuzzyScore('', 'Germany')).toBe(0);
  });

  it('measures edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
  });
});
