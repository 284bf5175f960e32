import * as v from 'valibot';
import { localTimeAt, offsetAt } from './time-zone';

/**
 * Quiet hours (decision 031): a text goes out only inside its site's sending window, read on the site's own clock. The
 * window is two local times, "HH:MM" on a 24-hour clock, the start before the end; "24:00" may end it (midnight at
 * the end of the day), so "00:00"–"24:00" is a window that never closes. Windows do not run past midnight.
 */
export interface SendingWindow {
  start: string;
  end: string;
}

/** 08:00–21:00: the hours the TCPA allows (8 am to 9 pm at the recipient's place), and SMS_WINDOW's default. */
export const DEFAULT_SMS_WINDOW: SendingWindow = { start: '08:00', end: '21:00' };

export const SENDING_WINDOW_MESSAGES = {
  time: 'Use a time such as 08:00 or 21:30 (24-hour clock)',
  order: 'The sending window must end after it starts',
} as const;

const START_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const END_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes since local midnight of an "HH:MM" the patterns above accept. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A sending window as an owner or SMS_WINDOW gives it: each time on its own, then the order of the two. */
export const sendingWindowSchema = v.pipe(
  v.object({
    start: v.pipe(
      v.string(SENDING_WINDOW_MESSAGES.time),
      v.trim(),
      v.regex(START_PATTERN, SENDING_WINDOW_MESSAGES.time),
    ),
    end: v.pipe(v.string(SENDING_WINDOW_MESSAGES.time), v.trim(), v.regex(END_PATTERN, SENDING_WINDOW_MESSAGES.time)),
  }),
  v.forward(
    // Checked once both are strings; a time already refused by its pattern gets its own message only.
    v.check(
      (window) =>
        !START_PATTERN.test(window.start) ||
        !END_PATTERN.test(window.end) ||
        minutesOf(window.start) < minutesOf(window.end),
      SENDING_WINDOW_MESSAGES.order,
    ),
    ['end'],
  ),
);

/** "08:00-21:00" (SMS_WINDOW's form) as a window; null when it is not one. */
export function parseSendingWindow(text: string): SendingWindow | null {
  const times = text.split('-');
  if (times.length !== 2) return null;
  const result = v.safeParse(sendingWindowSchema, { start: times[0], end: times[1] });
  return result.success ? result.output : null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The first instant at which the zone's clock reads `minutes` past midnight on the given local day, or later that
 * day. A time that happens twice (clocks going back) is its first occurrence; a time the clocks skip (going
 * forward) is the instant they skip to, as the window is open from then. Only instants after `after` count.
 */
export function firstInstantAt(
  local: { year: number; month: number; day: number },
  minutes: number,
  timeZone: string,
  after: number,
): number {
  const { year, month, day } = local;
  const wall = Date.UTC(year, month - 1, day) + minutes * MINUTE_MS;
  // No zone changes its offset twice within two days: the offsets a day either side cover every reading.
  const offsets = new Set([wall - DAY_MS, wall, wall + DAY_MS].map((at) => offsetAt(at, timeZone)));
  const candidates = [...offsets].map((offset) => wall - offset).sort((a, b) => a - b);
  const reads = (at: number) => {
    const local = localTimeAt(at, timeZone);
    return Date.UTC(local.year, local.month - 1, local.day) + local.seconds * 1000;
  };
  // After `after`: a window opening at 01:30 on the night the clocks go back, asked at 01:10 the second time round.
  // (`after` itself never reads the opening: asked then, the text is inside the window and was answered before.)
  const exact = candidates.find((at) => at > after && reads(at) === wall);
  if (exact !== undefined) return exact;
  // In a gap: the earliest instant whose clock reads past the time, found minute by minute between the candidates
  // (none reads the time itself: the clocks skip it).
  let low = candidates[0]!;
  let high = candidates[candidates.length - 1]!;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (reads(middle) >= wall) high = middle;
    else low = middle;
  }
  return high;
}

/** Whether an instant falls inside the window on the zone's clock. */
export function isInsideWindow(at: Date, timeZone: string, window: SendingWindow): boolean {
  const { seconds } = localTimeAt(at.getTime(), timeZone);
  return seconds >= minutesOf(window.start) * 60 && seconds < minutesOf(window.end) * 60;
}

/**
 * When a text asked for at `at` may go out: `at` itself inside the window, otherwise the window's next opening on
 * the zone's clock (later the same local day before it opens, the next local day once it has closed). Daylight
 * saving is the zone's own: 08:00 in New York is 13:00 UTC in winter and 12:00 UTC in summer.
 */
export function nextSendTime(at: Date, timeZone: string, window: SendingWindow): Date {
  if (isInsideWindow(at, timeZone, window)) return at;
  const local = localTimeAt(at.getTime(), timeZone);
  // Outside the window: once it has closed, it opens next the next day; before it opens, later today.
  const day = local.seconds >= minutesOf(window.end) * 60 ? 1 : 0;
  // Date.UTC carries day 32 into the next month, and 31 December into January.
  const next = new Date(Date.UTC(local.year, local.month - 1, local.day + day));
  const opening = firstInstantAt(
    { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() },
    minutesOf(window.start),
    timeZone,
    at.getTime(),
  );
  return new Date(opening);
}
