/**
 * The zones a site may be given: every IANA zone this browser knows, in order, and `current` among them where the
 * list lacks it (Chromium's list has no "UTC", and a zone set before may be an alias such as "US/Eastern"), so the
 * select shows the site's zone rather than another.
 */
export function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current === '' || zones.includes(current) ? zones : [...zones, current].sort();
}
