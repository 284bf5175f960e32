import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from '../../../../src/console/sites/time-zones';

describe('the time zones a site may be given', () => {
  const known = Intl.supportedValuesOf('timeZone');

  it('are the zones the runtime knows, in order', () => {
    expect(timeZoneChoices('America/Chicago')).toEqual(known);
    expect(timeZoneChoices('')).toEqual(known);
  });

  it('include the site’s own zone where that list lacks it, in its place', () => {
    const alias = 'US/Eastern';
    expect(known).not.toContain(alias);
    const zones = timeZoneChoices(alias);
    expect(zones).toHaveLength(known.length + 1);
    expect(zones).toContain(alias);
    expect(zones).toEqual([...zones].sort());
  });
});
