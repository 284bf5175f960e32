/**
 * Times about a site's record, on that site's clock with its zone named ("Nov 25, 2026, 8:00 AM PST"), and the
 * reader's own clock beside it where the two differ, so a chain with sites in two zones reads every time right.
 */
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

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
  const reader = onClock(date, readerZone, true);
  if (site === reader || sameOffset(date, siteZone, readerZone)) return site;
  return `${site} (${onClock(date, readerZone, false)} your time)`;
}

function sameOffset(date: Date, a: string, b: string): boolean {
  const parts = (timeZone: string) =>
    date.toLocaleString('en-US', { timeZone, hour12: false, dateStyle: 'short', timeStyle: 'short' });
  return parts(a) === parts(b) && onClock(date, a, false) === onClock(date, b, false);
}
