import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNational } from '../../../src/domain/phone';
import { quickNational } from '../../../src/lib/phone-display';

describe('the quick national format of North American numbers', () => {
  it('is what libphonenumber writes, for every valid NANP number', () => {
    const digit = (from: number) => fc.integer({ min: from, max: 9 }).map(String);
    const number = fc
      .tuple(
        digit(2),
        digit(0),
        digit(0),
        digit(2),
        digit(0),
        digit(0),
        fc.array(digit(0), { minLength: 4, maxLength: 4 }),
      )
      .map(([a, b, c, d, e, f, rest]) => `+1${a}${b}${c}${d}${e}${f}${rest.join('')}`);
    fc.assert(
      fc.property(number, (e164) => {
        const full = formatNational(e164);
        // Numbers libphonenumber does not know as valid are shown raw by it; ours only formats valid ones.
        if (full !== e164) expect(quickNational(e164)).toBe(full);
      }),
      { seed: 20261122, numRuns: 2000 },
    );
  });

  it('leaves other countries to libphonenumber', () => {
    expect(quickNational('+447911123456')).toBeNull();
    expect(quickNational('+12015550143')).toBe('(201) 555-0143');
  });
});
