import { describe, expect, it } from 'vitest';
import { atSite, clockTime, windowText, zoneName } from '../../../src/console/site-clock';

describe('a time about a site, on its clock', () => {
  // 16:03 UTC on 30 November: 8:03 AM in Los Angeles, 11:03 AM in New York.
  const instant = '2026-11-30T16:03:37.869Z';

  it('names the site’s zone and nothing more when the reader is on the same clock', () => {
    expect(atSite(instant, 'America/Los_Angeles', 'America/Los_Angeles')).toBe('Nov 30, 2026, 8:03 AM PST');
    expect(atSite(instant, 'America/Los_Angeles', 'US/Pacific')).toBe('Nov 30, 2026, 8:03 AM PST');
  });

  it('adds the reader’s clock where it differs', () => {
    expect(atSite(instant, 'America/Los_Angeles', 'America/New_York')).toBe(
      'Nov 30, 2026, 8:03 AM PST (11:03 AM EST your time)',
    );
  });

  it('gives the reader’s date too when the two clocks are on different days', () => {
    // 07:30 UTC: 11:30 PM on the 29th in Los Angeles, 8:30 AM on the 30th in Paris.
    expect(atSite('2026-11-30T07:30:00.000Z', 'America/Los_Angeles', 'Europe/Paris')).toBe(
      'Nov 29, 2026, 11:30 PM PST (Nov 30, 2026, 8:30 AM GMT+1 your time)',
    );
  });

  it('follows daylight saving on the site’s clock', () => {
    expect(atSite('2026-07-01T15:00:00.000Z', 'America/Los_Angeles', 'America/Los_Angeles')).toBe(
      'Jul 1, 2026, 8:00 AM PDT',
    );
  });

  it('writes a missing time as a dash', () => {
    expect(atSite(null, 'America/New_York')).toBe('—');
  });
});

describe('a sending window in words', () => {
  it.each([
    ['08:00', '8:00 AM'],
    ['00:00', 'midnight'],
    ['24:00', 'midnight'],
    ['12:00', '12:00 PM'],
    ['12:30', '12:30 PM'],
    ['00:30', '12:30 AM'],
    ['21:00', '9:00 PM'],
  ])('writes %s as %s', (time, words) => {
    expect(clockTime(time)).toBe(words);
  });

  it('reads one way in the list and the form', () => {
    expect(windowText({ start: '08:00', end: '24:00' })).toBe('8:00 AM – midnight');
    expect(windowText({ start: '08:00', end: '21:00' })).toBe('8:00 AM – 9:00 PM');
    expect(windowText({ start: '00:00', end: '24:00' })).toBe('at any hour');
  });
});

describe('a zone as a person says it', () => {
  it('gives the generic name and the city', () => {
    expect(zoneName('America/Los_Angeles')).toBe('Pacific Time (Los Angeles)');
    expect(zoneName('America/New_York')).toBe('Eastern Time (New York)');
  });

  it('keeps the IANA name of a zone with no generic name', () => {
    expect(zoneName('Etc/UTC')).toBe('Etc/UTC');
  });
});
