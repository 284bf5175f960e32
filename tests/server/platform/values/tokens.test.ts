import { describe, expect, it } from 'vitest';
import { hashToken, looksLikeToken } from '../../../../server/platform/values/tokens';

describe('the stored form of a registration code', () => {
  it('is its SHA-256, in hex (the FIPS 180-2 vector for "abc")', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is only looked up for something shaped like a code we issue', () => {
    expect(looksLikeToken('A'.repeat(32))).toBe(true);
    expect(looksLikeToken('A'.repeat(15))).toBe(false);
    expect(looksLikeToken('A'.repeat(129))).toBe(false);
    expect(looksLikeToken(`${'A'.repeat(31)}/`)).toBe(false);
  });
});
