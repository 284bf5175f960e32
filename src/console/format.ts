import { neutralised } from '../domain/csv-cell';
import type { SmsStatus } from '../domain/webhooks';
import { atSite, windowText } from './site-clock';

/** How the console writes figures: rates as whole percents, missing figures as a dash. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
export const figure = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));
export const signed = (value: number | null) => (value === null ? '—' : value > 0 ? `+${value}` : String(value));
/** A span of minutes in words: "45 min", "3 h 5 min", "2 d 4 h" (a day's minutes no longer matter). */
export function minutes(value: number | null): string {
  if (value === null) return '—';
  const days = Math.floor(value / 1440);
  const hours = Math.floor((value % 1440) / 60);
  const rest = value % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}
export const when = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant on another clock than the reader's, with that zone's abbreviation: "Nov 25, 2026, 10:03:12 AM EST". */
export const whenIn = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'long' });

type CsvRow = readonly (string | number)[];

/**
 * A CSV file's text: every cell quoted, text cells neutralised as every CSV we write is (a site id is whatever the
 * point-of-sale sent), a byte-order mark so a spreadsheet reads accents right, and CRLF line ends.
 */
export function csvText(header: readonly string[], rows: readonly CsvRow[]): string {
  const cell = (value: string | number) =>
    `"${(typeof value === 'string' ? neutralised(value) : String(value)).replace(/"/g, '""')}"`;
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Downloads a table the browser already holds as a CSV file. */
export function downloadCsv(name: string, header: readonly string[], rows: readonly CsvRow[]) {
  const url = URL.createObjectURL(new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Why a text still queued was not sent (its error code), as every console line says it: an opt-out (decision 030), a
 * completion, and what ends a reminder or an invitation's text when it is due (decision 053).
 */
export const CANCELLED_BECAUSE: Partial<Record<string, string>> = {
  sms_opted_out: 'the number opted out',
  registration_completed: 'the profile was completed first',
  invitation_answered: 'the survey was answered first',
  code_expired: 'the code expired first',
  invitation_expired: 'the survey link expired first',
  first_text_not_sent: 'the first text was not sent',
  reminder_off: 'the site turned this reminder off',
  invitation_off: 'the site stopped asking for feedback',
  code_not_kept: 'the code cannot be made again',
  text_budget: 'the number has had as many texts as it may for now',
};

/**
 * Twilio's refusals a cashier can act on, in words (its error codes 21211, 21610, 21614). 21610 is a number that
 * replied STOP to our sender before its opt-out reached us (decision 030): Twilio keeps its own list.
 */
export const FAILED_BECAUSE: Partial<Record<string, string>> = {
  '21211': 'not a valid phone number',
  '21610': 'the number replied STOP to our texts, and the carrier blocks them; give the link another way',
  '21614': 'not a mobile number, so it cannot take texts',
};

/** The site a text belongs to, as far as its line needs: its name, its clock and its sending window. */
export interface TextSite {
  name: string;
  timeZone: string;
  smsWindow?: { start: string; end: string } | undefined;
}

/**
 * A registration's text message, in words: queued (or held for quiet hours, saying why and until when on the
 * site's clock: decision 046), sent (when), cancelled, or failed.
 */
export function smsLine(sms: SmsStatus, site: TextSite): string {
  if (sms.status === 'sent') return `Text message sent${sms.sentAt ? ` ${atSite(sms.sentAt, site.timeZone)}` : ''}`;
  // What was still queued is cancelled, not failed, when the number texts STOP (decision 030) or the member
  // completes the profile before a text held for quiet hours goes out (decision 031).
  const cancelled = sms.status === 'failed' ? CANCELLED_BECAUSE[sms.errorCode ?? ''] : undefined;
  if (cancelled) return `Text message cancelled: ${cancelled}`;
  if (sms.status === 'failed') {
    const because = FAILED_BECAUSE[sms.errorCode ?? ''];
    return `Text message failed${because ? `: ${because}` : ''}${sms.errorCode ? ` (${sms.errorCode})` : ''}`;
  }
  // Asked for in the site's quiet hours (decision 031): it waits for the sending window.
  if (sms.scheduledFor) {
    const hours = site.smsWindow ? `texts go out ${windowText(site.smsWindow)} at ${site.name}` : `at ${site.name}`;
    return `Text message held for quiet hours: ${hours}. It goes out ${atSite(sms.scheduledFor, site.timeZone)}.`;
  }
  return sms.errorCode ? `Text message queued, retrying (${sms.errorCode})` : 'Text message queued';
}
