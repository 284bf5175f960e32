/**
 * Times about a site's record, on that site's clock with its zone named ("Nov 25, 2026, 8:00 AM PST"), and the
 * reader's own clock beside it where the two differ, so a chain with sites in two zones reads every time right
 * (decision 046). Sending windows and zones are written here too, so the list, the form and the issue page say
 * them alike.
 */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const onClock = (date: Date, timeZone: string, dateToo: boolean) =>
  date.toLocaleString('en-US', {
    timeZone,
    ...(dateToo && { month: 'short', day: 'numeric', year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/** An instant on the site's clock, with the reader's clock in brackets when the reader is elsewhere. */
export function atSite(iso: string | null, siteZone: string, readerZone: string = viewerZone()): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  const site = onClock(date, siteZone, true);
  if (sameClock(date, siteZone, readerZone)) return site;
  const sameDay = dayOf(date, siteZone) === dayOf(date, readerZone);
  return `${site} (${onClock(date, readerZone, !sameDay)} your time)`;
}

const dayOf = (date: Date, timeZone: string) => date.toLocaleDateString('en-US', { timeZone });

/** Two zones whose clocks read alike at this instant, abbreviation included ("Etc/UTC" and "UTC" do). */
function sameClock(date: Date, a: string, b: string): boolean {
  return onClock(date, a, true) === onClock(date, b, true);
}

/**
 * A zone as a person says it: "Pacific Time (Los Angeles)"; a zone without a generic name ("Etc/UTC") keeps its
 * IANA name.
 */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  const city = timeZone.split('/').pop()!.replace(/_/g, ' ');
  const generic = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  if (!generic || /^GMT/.test(generic)) return timeZone.replace(/_/g, ' ');
  return generic === city || timeZone.indexOf('/') === -1 ? generic : `${generic} (${city})`;
}

/**
 * A time of a sending window ("HH:MM", 24:00 ending the day) on a 12-hour clock: "8:00 AM", "9:30 PM", and
 * "midnight" for either end of the day.
 */
export function clockTime(time: string): string {
  const hours = Number(time.slice(0, 2));
  const minutes = time.slice(3, 5);
  if ((hours === 0 || hours === 24) && minutes === '00') return 'midnight';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A sending window in words, the one style of the list, the form and the issue page: "8:00 AM – 9:00 PM". */
export function windowText(window: { start: string; end: string }): string {
  if (window.start === '00:00' && window.end === '24:00') return 'at any hour';
  return `${clockTime(window.start)} – ${clockTime(window.end)}`;
}
