/** Time zones by their IANA names, read with `Intl` alone (full ICU: every supported Node and browser). */

/** An IANA zone this runtime knows (`America/New_York`); `Intl` refuses any other, the empty string included. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** Seconds since local midnight. */
  seconds: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string) => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The wall clock of `timeZone` at an instant (full ICU: every supported Node and browser). */
export function localTimeAt(at: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    seconds: parts.hour! * 3600 + parts.minute! * 60 + parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds (to the second). */
export function offsetAt(at: number, timeZone: string): number {
  const local = localTimeAt(at, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day) + local.seconds * 1000;
  return asUtc - Math.floor(at / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as the zone's clock read it, in ISO 8601 with the zone's offset at that instant, to the second:
 * `2026-11-25T10:03:12-05:00`. What a member's device showed when they agreed (consent evidence, decision 032).
 */
export function localIsoTime(at: Date, timeZone: string): string {
  const local = localTimeAt(at.getTime(), timeZone);
  const offset = Math.round(offsetAt(at.getTime(), timeZone) / 60_000);
  const clock = [Math.floor(local.seconds / 3600), Math.floor(local.seconds / 60) % 60, local.seconds % 60];
  const sign = offset < 0 ? '-' : '+';
  return (
    `${local.year}-${pad(local.month)}-${pad(local.day)}T${clock.map(pad).join(':')}` +
    `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}
