import { describe, expect, it } from 'vitest';
import { isTimeZone, localIsoTime } from '../../../src/domain/time-zone';

describe('a time zone', () => {
  it('is an IANA name, and nothing else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Eastern Standard Time')).toBe(false);
  });

  it("writes an instant as the zone's clock read it, with the offset of that day", () => {
    // New York: standard time in winter, daylight time in summer.
    expect(localIsoTime(new Date('2026-11-25T15:03:12.500Z'), 'America/New_York')).toBe('2026-11-25T10:03:12-05:00');
    expect(localIsoTime(new Date('2026-07-04T03:59:09Z'), 'America/New_York')).toBe('2026-07-03T23:59:09-04:00');
    // Ahead of UTC, past midnight into the next day, and on a half hour.
    expect(localIsoTime(new Date('2026-12-31T23:30:00Z'), 'Europe/Madrid')).toBe('2027-01-01T00:30:00+01:00');
    expect(localIsoTime(new Date('2026-01-10T08:05:00Z'), 'Asia/Kolkata')).toBe('2026-01-10T13:35:00+05:30');
    expect(localIsoTime(new Date('2026-01-10T08:05:00Z'), 'America/St_Johns')).toBe('2026-01-10T04:35:00-03:30');
    expect(localIsoTime(new Date('2026-01-10T08:05:00Z'), 'UTC')).toBe('2026-01-10T08:05:00+00:00');
  });
});
