import { describe, expect, it } from 'vitest';
import { sharedUntilFailure } from '../../../src/lib/shared-until-failure';

describe('sharedUntilFailure', () => {
  it('loads once for every caller while the load holds', async () => {
    let loads = 0;
    const shared = sharedUntilFailure(() => Promise.resolve(++loads));
    expect(await Promise.all([shared(), shared()])).toEqual([1, 1]);
    expect(await shared()).toBe(1);
    expect(loads).toBe(1);
  });

  it('forgets a failed load: the next call loads again', async () => {
    const outcomes = [new Error('offline'), 'catalogue'];
    const shared = sharedUntilFailure(() => {
      const next = outcomes.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    });
    await expect(shared()).rejects.toThrow('offline');
    expect(await shared()).toBe('catalogue');
    expect(await shared()).toBe('catalogue');
    expect(outcomes).toEqual([]);
  });
});
