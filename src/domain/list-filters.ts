import * as v from 'valibot';
import { includeDemoFilter } from './demo-data';

/**
 * The days a filter may name. Wide enough for every record the club holds and every range a person means (a
 * "since the start" filter of 2000-01-01 still works), and narrow enough that each day, and the midnight after
 * the last one, is an instant JavaScript, PostgreSQL and PGlite all write and read alike: PostgreSQL has no year
 * 0000, and 9999-12-31's next midnight is in year 10000, which it refuses. Four-digit years also keep the text
 * order of two days their calendar order, which the range checks below and `from <= to` compare.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

export const DAY_MESSAGES = {
  format: 'Dates are written YYYY-MM-DD',
  day: 'That day is not in the calendar',
  range: `Dates are between ${FIRST_DAY} and ${LAST_DAY}`,
} as const;

/** `isoDate` takes 2026-02-30, which JavaScript reads as 2 March: a day is one the calendar has. */
function isCalendarDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** A whole UTC day, YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
export const day = v.pipe(
  v.string(DAY_MESSAGES.format),
  v.isoDate(DAY_MESSAGES.format),
  v.check(isCalendarDay, DAY_MESSAGES.day),
  v.check((text) => text >= FIRST_DAY && text <= LAST_DAY, DAY_MESSAGES.range),
);

const SITE_MESSAGE = 'site is a site id';

/** A site id as the console names one: letters, digits, `_` and `-`, so no control character either. */
export const SITE_ID_PATTERN = /^[\w-]{1,40}$/;

export const siteId = v.pipe(v.string(SITE_MESSAGE), v.regex(SITE_ID_PATTERN, SITE_MESSAGE));

/**
 * `?from=&to=&site=`, which the members and feedback lists, their exports and the dashboard share, with
 * `includeDemo` (decision 049).
 */
export const dayAndSiteFilters = {
  from: v.optional(day),
  to: v.optional(day),
  site: v.optional(siteId),
  ...includeDemoFilter,
};
