import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeTimes } from '../../../../server/features/demo/code-times';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A generator that answers the draws given, in order. */
const drawing = (...draws: number[]) => {
  let i = 0;
  return () => {
    if (i >= draws.length) throw new Error('drew more than the test planned');
    return draws[i++]!;
  };
};

describe("a demo code's times", () => {
  it('has a code issued at the last moment opened and completed by now, not after', () => {
    // Issued as late as can be, the longest wait to open, the longest wait to complete.
    const times = codeTimes(drawing(0, 0.9999, 0.9999), NOW, true);
    expect(times.completed).toBeLessThanOrEqual(NOW);
    expect(times.opened).toBeLessThanOrEqual(times.completed!);
    expect(times.issued).toBeLessThanOrEqual(times.opened!);
  });

  it('has a code opened but never completed opened by now', () => {
    const times = codeTimes(drawing(0, 0.1, 0.9999), NOW, false);
    expect(times.completed).toBeNull();
    expect(times.opened).toBeLessThanOrEqual(NOW);
  });

  it('lets a code nobody opened be issued right up to now', () => {
    expect(codeTimes(drawing(0, 0.9), NOW, false)).toEqual({ issued: NOW, opened: null, completed: null });
  });

  it('keeps every code within the year up to now, in order, whatever is drawn', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        (draws, completed) => {
          const { issued, opened, completed: done } = codeTimes(drawing(...draws), NOW, completed);
          expect(issued).toBeGreaterThan(NOW - YEAR_MS);
          const last = done ?? opened ?? issued;
          expect(last).toBeLessThanOrEqual(NOW);
          if (opened !== null) expect(opened).toBeGreaterThanOrEqual(issued);
          if (done !== null) expect(done).toBeGreaterThanOrEqual(opened!);
        },
      ),
    );
  });
});
