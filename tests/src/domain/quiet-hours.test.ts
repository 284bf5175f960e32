import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_WINDOW,
  isInsideWindow,
  nextSendTime,
  parseSendingWindow,
  SENDING_WINDOW_MESSAGES,
  sendingWindowSchema,
} from '../../../src/domain/quiet-hours';

const issues = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

/** When a text asked for at `at` (UTC) goes out at a site in `zone`, in UTC. */
const sendTime = (at: string, zone: string, window = DEFAULT_SMS_WINDOW) =>
  nextSendTime(new Date(at), zone, window).toISOString();

describe('the sending window', () => {
  it('is two times on a 24-hour clock, the start before the end', () => {
    expect(v.parse(sendingWindowSchema, { start: ' 08:00', end: '21:00 ' })).toEqual({ start: '08:00', end: '21:00' });
    expect(v.parse(sendingWindowSchema, { start: '00:00', end: '24:00' })).toEqual({ start: '00:00', end: '24:00' });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '8:00', end: '9 pm' }))).toEqual({
      start: SENDING_WINDOW_MESSAGES.time,
      end: SENDING_WINDOW_MESSAGES.time,
    });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '24:00', end: '24:00' }))).toEqual({
      start: SENDING_WINDOW_MESSAGES.time,
    });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '21:00', end: '08:00' }))).toEqual({
      end: 'The sending window must end after it starts',
    });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '09:00', end: '09:00' }))).toEqual({
      end: SENDING_WINDOW_MESSAGES.order,
    });
  });

  it('refuses a time with anything before or after it', () => {
    for (const [start, end] of [
      ['108:00', '21:00'],
      ['08:001', '21:00'],
    ]) {
      expect(issues(v.safeParse(sendingWindowSchema, { start, end })), start).toEqual({
        start: SENDING_WINDOW_MESSAGES.time,
      });
    }
    for (const [start, end] of [
      ['08:00', '124:00'],
      ['08:00', '24:001'],
      ['08:00', '121:00'],
      ['08:00', '21:001'],
    ]) {
      expect(issues(v.safeParse(sendingWindowSchema, { start, end })), end).toEqual({
        end: SENDING_WINDOW_MESSAGES.time,
      });
    }
  });

  it('says only what is wrong with one time, not also that the two are out of order', () => {
    // Unreadable times would compare as out of order: the order is checked once both are valid.
    expect(issues(v.safeParse(sendingWindowSchema, { start: '09:00', end: '9 pm' }))).toEqual({
      end: SENDING_WINDOW_MESSAGES.time,
    });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '9 am', end: '21:00' }))).toEqual({
      start: SENDING_WINDOW_MESSAGES.time,
    });
    // Not even a string (a JSON body's number): the same message, and the order is not looked at.
    expect(issues(v.safeParse(sendingWindowSchema, { start: 8, end: '21:00' }))).toEqual({
      start: SENDING_WINDOW_MESSAGES.time,
    });
    expect(issues(v.safeParse(sendingWindowSchema, { start: '08:00', end: 21 }))).toEqual({
      end: SENDING_WINDOW_MESSAGES.time,
    });
  });

  it('reads SMS_WINDOW’s form, start-end', () => {
    expect(parseSendingWindow('08:00-21:00')).toEqual(DEFAULT_SMS_WINDOW);
    expect(parseSendingWindow('09:30-20:00')).toEqual({ start: '09:30', end: '20:00' });
    expect(parseSendingWindow('00:00-24:00')).toEqual({ start: '00:00', end: '24:00' });
    for (const wrong of ['21:00-08:00', '08:00', '08:00-21:00-22:00', '8-21', '']) {
      expect(parseSendingWindow(wrong)).toBeNull();
    }
  });

  it('includes its start and excludes its end', () => {
    const zone = 'America/New_York';
    // 08:00 and 20:59:59 EDT are in; 07:59:59 and 21:00 are out.
    expect(isInsideWindow(new Date('2026-07-01T12:00:00Z'), zone, DEFAULT_SMS_WINDOW)).toBe(true);
    expect(isInsideWindow(new Date('2026-07-02T00:59:59Z'), zone, DEFAULT_SMS_WINDOW)).toBe(true);
    expect(isInsideWindow(new Date('2026-07-01T11:59:59Z'), zone, DEFAULT_SMS_WINDOW)).toBe(false);
    expect(isInsideWindow(new Date('2026-07-02T01:00:00Z'), zone, DEFAULT_SMS_WINDOW)).toBe(false);
  });
});

describe('when a text goes out', () => {
  it('goes at once inside the window', () => {
    // 12:00 EDT.
    expect(sendTime('2026-07-01T16:00:00.000Z', 'America/New_York')).toBe('2026-07-01T16:00:00.000Z');
  });

  it('waits for 08:00 the same morning when asked before it', () => {
    // 06:00 EDT → 08:00 EDT.
    expect(sendTime('2026-07-01T10:00:00.000Z', 'America/New_York')).toBe('2026-07-01T12:00:00.000Z');
  });

  it('goes at once at exactly the opening minute, and a second before it waits for it', () => {
    // 08:00:00 EDT and 07:59:59 EDT.
    expect(sendTime('2026-07-01T12:00:00.000Z', 'America/New_York')).toBe('2026-07-01T12:00:00.000Z');
    expect(sendTime('2026-07-01T11:59:59.000Z', 'America/New_York')).toBe('2026-07-01T12:00:00.000Z');
    // The same on the morning the clocks went forward (EDT since 03:00) and the one they went back (EST since 01:00).
    expect(sendTime('2026-03-08T12:00:00.000Z', 'America/New_York')).toBe('2026-03-08T12:00:00.000Z');
    expect(sendTime('2026-03-08T11:59:00.000Z', 'America/New_York')).toBe('2026-03-08T12:00:00.000Z');
    expect(sendTime('2026-11-01T13:00:00.000Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
    expect(sendTime('2026-11-01T12:59:59.000Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
  });

  it('waits for 08:00 the next morning when asked after 21:00', () => {
    // 22:30 EST on 14 January → 08:00 EST on the 15th (UTC−5).
    expect(sendTime('2026-01-15T03:30:00.000Z', 'America/New_York')).toBe('2026-01-15T13:00:00.000Z');
    // 21:00 EDT exactly is closed: 08:00 EDT next day (UTC−4).
    expect(sendTime('2026-07-02T01:00:00.000Z', 'America/New_York')).toBe('2026-07-02T12:00:00.000Z');
    // 23:00 on New Year's Eve → 08:00 on 1 January.
    expect(sendTime('2027-01-01T04:00:00.000Z', 'America/New_York')).toBe('2027-01-01T13:00:00.000Z');
  });

  it('follows New York’s clocks going forward on 8 March 2026', () => {
    // 22:30 EST on the 7th; the clocks go from 02:00 EST to 03:00 EDT overnight; 08:00 EDT is 12:00 UTC.
    expect(sendTime('2026-03-08T03:30:00.000Z', 'America/New_York')).toBe('2026-03-08T12:00:00.000Z');
    // Asked at 01:30 EST, in the night of the change: still 08:00 EDT.
    expect(sendTime('2026-03-08T06:30:00.000Z', 'America/New_York')).toBe('2026-03-08T12:00:00.000Z');
    // 22:30 EDT on the 8th → 08:00 EDT on the 9th.
    expect(sendTime('2026-03-09T02:30:00.000Z', 'America/New_York')).toBe('2026-03-09T12:00:00.000Z');
  });

  it('follows New York’s clocks going back on 1 November 2026', () => {
    // 22:30 EDT on 31 October; the clocks go from 02:00 EDT back to 01:00 EST; 08:00 EST is 13:00 UTC.
    expect(sendTime('2026-11-01T02:30:00.000Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
    // Asked at 01:30 EST, the second 01:30 of the night: still 08:00 EST.
    expect(sendTime('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
  });

  it('opens a window whose start the clocks skip at the instant they skip to', () => {
    // 02:30 does not happen in New York on 8 March 2026: the window opens at 03:00 EDT.
    const window = { start: '02:30', end: '21:00' };
    expect(sendTime('2026-03-08T06:00:00.000Z', 'America/New_York', window)).toBe('2026-03-08T07:00:00.000Z');
  });

  it('opens a window whose start happens twice at its first occurrence, or its second once the first has passed', () => {
    const window = { start: '01:30', end: '21:00' };
    // Midnight EDT → 01:30 EDT (05:30 UTC), not 01:30 EST an hour later.
    expect(sendTime('2026-11-01T04:00:00.000Z', 'America/New_York', window)).toBe('2026-11-01T05:30:00.000Z');
    // 01:10 EST, after the first 01:30 has gone by: 01:30 EST.
    expect(sendTime('2026-11-01T06:10:00.000Z', 'America/New_York', window)).toBe('2026-11-01T06:30:00.000Z');
    // East of Greenwich too: 01:30 BST on 25 October 2026 is 00:30 UTC.
    expect(sendTime('2026-10-24T23:00:00.000Z', 'Europe/London', window)).toBe('2026-10-25T00:30:00.000Z');
    // 01:10 GMT, after the first 01:30 (BST) has gone by: 01:30 GMT.
    expect(sendTime('2026-10-25T01:10:00.000Z', 'Europe/London', window)).toBe('2026-10-25T01:30:00.000Z');
  });

  it('finds the opening on the zone’s offset of that very day, either side of a change', () => {
    const window = { start: '08:00', end: '21:00' };
    // The day after each change, asked the evening before it: the opening is on the new offset.
    expect(sendTime('2026-03-09T01:30:00.000Z', 'America/New_York', window)).toBe('2026-03-09T12:00:00.000Z');
    expect(sendTime('2026-11-02T02:30:00.000Z', 'America/New_York', window)).toBe('2026-11-02T13:00:00.000Z');
    // East of Greenwich: London's clocks go forward on 29 March 2026; 08:00 BST is 07:00 UTC.
    expect(sendTime('2026-03-28T22:00:00.000Z', 'Europe/London', window)).toBe('2026-03-29T07:00:00.000Z');
    // Far east: Sydney's go back on 5 April 2026 (AEDT+11 → AEST+10); 08:00 AEST is 22:00 UTC the day before.
    expect(sendTime('2026-04-04T12:00:00.000Z', 'Australia/Sydney', window)).toBe('2026-04-04T22:00:00.000Z');
  });

  it('keeps Phoenix on standard time all year', () => {
    // 22:30 MST (UTC−7) the night New York changes, and in summer: 08:00 MST is 15:00 UTC both times.
    expect(sendTime('2026-03-08T05:30:00.000Z', 'America/Phoenix')).toBe('2026-03-08T15:00:00.000Z');
    expect(sendTime('2026-07-01T05:30:00.000Z', 'America/Phoenix')).toBe('2026-07-01T15:00:00.000Z');
  });

  it('keeps Honolulu on its own clock, ten hours behind UTC', () => {
    // 22:30 HST on 31 October → 08:00 HST on 1 November (18:00 UTC), whatever New York does that night.
    expect(sendTime('2026-11-01T08:30:00.000Z', 'Pacific/Honolulu')).toBe('2026-11-01T18:00:00.000Z');
    // 12:00 UTC is 02:00 HST: 08:00 HST the same day.
    expect(sendTime('2026-11-01T12:00:00.000Z', 'Pacific/Honolulu')).toBe('2026-11-01T18:00:00.000Z');
  });

  it('reads one instant on each site’s own clock', () => {
    // 01:30 UTC on 2 July: 21:30 in New York (closed), 18:30 in Los Angeles (open).
    expect(sendTime('2026-07-02T01:30:00.000Z', 'America/New_York')).toBe('2026-07-02T12:00:00.000Z');
    expect(sendTime('2026-07-02T01:30:00.000Z', 'America/Los_Angeles')).toBe('2026-07-02T01:30:00.000Z');
  });

  it('follows a site’s own window, and never holds a text with 00:00–24:00', () => {
    const window = { start: '09:30', end: '18:00' };
    // 09:00 CDT → 09:30 CDT; 18:00 CDT → 09:30 CDT next day.
    expect(sendTime('2026-07-01T14:00:00.000Z', 'America/Chicago', window)).toBe('2026-07-01T14:30:00.000Z');
    expect(sendTime('2026-07-01T23:00:00.000Z', 'America/Chicago', window)).toBe('2026-07-02T14:30:00.000Z');
    const always = { start: '00:00', end: '24:00' };
    expect(sendTime('2026-07-01T07:00:00.000Z', 'America/Chicago', always)).toBe('2026-07-01T07:00:00.000Z');
  });
});
