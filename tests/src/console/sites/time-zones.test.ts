import { describe, expect, it } from 'vitest';
import { matchingZones, timeZoneChoices } from '../../../../src/console/sites/time-zones';

describe('the time zones a site may be given', () => {
  const known = Intl.supportedValuesOf('timeZone');

  it('are the zones the runtime knows, by their current names, in order', () => {
    const zones = timeZoneChoices('America/Chicago');
    expect(zones).toContain('America/Chicago');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).toContain('America/Argentina/Buenos_Aires');
    expect(zones).toEqual([...zones].sort());
    expect(new Set(zones).size).toBe(zones.length);
    expect(timeZoneChoices('')).toEqual(zones);
  });

  it('offer no old name beside the current one', () => {
    const zones = timeZoneChoices('');
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Buenos_Aires']) {
      expect(zones).not.toContain(old);
    }
    // Every zone the runtime lists is offered, under one name or the other.
    expect(zones.length).toBeGreaterThan(known.length - 25);
  });

  it('include the site’s own zone where that list lacks it, in its place', () => {
    const alias = 'US/Eastern';
    const zones = timeZoneChoices(alias);
    expect(zones).toContain(alias);
    expect(zones).toHaveLength(timeZoneChoices('').length + 1);
    expect(zones).toEqual([...zones].sort());
  });
});

describe('searching the zones', () => {
  const zones = timeZoneChoices('');

  it('finds a zone by a city typed as a person types it', () => {
    expect(matchingZones(zones, 'los ang')).toEqual(['America/Los_Angeles']);
    expect(matchingZones(zones, 'New York')).toEqual(['America/New_York']);
    expect(matchingZones(zones, 'kolkata')).toEqual(['Asia/Kolkata']);
  });

  it('narrows by every word, a region included', () => {
    expect(matchingZones(zones, 'america/argentina').length).toBeGreaterThan(5);
    expect(matchingZones(zones, 'europe/paris')).toEqual(['Europe/Paris']);
  });

  it('offers every zone for an empty search, none for nonsense', () => {
    expect(matchingZones(zones, '  ')).toEqual(zones);
    expect(matchingZones(zones, 'atlantis')).toEqual([]);
  });
});
