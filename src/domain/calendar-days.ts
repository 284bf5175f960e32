import { firstInstantAt } from './quiet-hours';
import { localTimeAt } from './time-zone';

/**
 * Calendar days on a clock (decision 046): a date filter's "from 2026-11-01 to 2026-11-30" means the days as the
 * chosen site's clock counts them (all sites: the reader's zone), so a sale at 11 PM in Los Angeles is that day's
 * and not the next day's, as it would be in UTC.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

const parts = (day: string) => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
  day: Number(day.slice(8, 10)),
});

/** The instant the zone's clock starts the day (midnight, or the first instant after it where clocks skip it). */
export const startOfDay = (day: string, timeZone: string): Date =>
  new Date(firstInstantAt(parts(day), 0, timeZone, Number.NEGATIVE_INFINITY));

/** The day after, as "YYYY-MM-DD". */
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The zone's date at an instant, as "YYYY-MM-DD". */
export function dayAt(at: Date, timeZone: string): string {
  const { year, month, day } = localTimeAt(at.getTime(), timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The days from `from` to `to`, both included, on the zone's clock, as a half-open range of instants. */
export const daysOn = (from: string, to: string, timeZone: string) => ({
  start: startOfDay(from, timeZone),
  end: startOfDay(nextDay(to), timeZone),
});
