import { describe, expect, it } from 'vitest';
import { isLastTry, RETRY_WINDOW_MS, shortestNextRetryMs } from '../../../../server/platform/jobs/queues';

const HOUR = 60 * 60 * 1000;
const queued = new Date('2026-11-24T00:00:00Z');
const at = (ms: number) => new Date(queued.getTime() + ms);

describe('the retry window', () => {
  it('doubles the shortest wait with every retry, from 10 seconds', () => {
    expect([0, 1, 2, 3].map(shortestNextRetryMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it('keeps retrying while the next try can start within 24 hours of the event', () => {
    expect(isLastTry(queued, 0, at(0))).toBe(false);
    // After 12 retries the shortest wait is 11.4 hours: still inside the day at hour 12.
    expect(isLastTry(queued, 12, at(12 * HOUR))).toBe(false);
  });

  it('gives up when the next try could only start after the window', () => {
    expect(isLastTry(queued, 12, at(13 * HOUR))).toBe(true);
    expect(isLastTry(queued, 0, at(RETRY_WINDOW_MS))).toBe(true);
  });
});
