import { eq } from 'drizzle-orm';
import { DEFAULT_SMS_WINDOW, parseSendingWindow, type SendingWindow } from '../../../../src/domain/quiet-hours';
import type { Db, Tx } from '../../../platform/db/client';
import { sites } from '../../../platform/db/schema';

/** What a site without its own zone or window follows: DEFAULT_TIMEZONE and SMS_WINDOW (`Env` has both). */
export interface QuietHoursDefaults {
  defaultTimeZone: string;
  smsWindow: SendingWindow;
}

/** DEFAULT_TIMEZONE's and SMS_WINDOW's defaults, for callers given neither (the demo seed, some tests). */
export const BUILT_IN_QUIET_HOURS: QuietHoursDefaults = {
  defaultTimeZone: 'America/New_York',
  smsWindow: DEFAULT_SMS_WINDOW,
};

type SiteClockColumns = Pick<typeof sites.$inferSelect, 'timeZone' | 'smsWindowStart' | 'smsWindowEnd'>;

/** The columns `clockOf` reads, for a select that joins a registration's site. */
export const siteClockColumns = {
  timeZone: sites.timeZone,
  smsWindowStart: sites.smsWindowStart,
  smsWindowEnd: sites.smsWindowEnd,
};

/**
 * A site's zone and sending window, the defaults standing in for what it has not set, or for the whole site when
 * there is no row (a registration's site is made with it, but a row may have been removed by hand). A window the
 * database holds in another form than the API accepts is not trusted: the default applies.
 */
export function clockOf(
  site: SiteClockColumns | null | undefined,
  defaults: QuietHoursDefaults,
): { timeZone: string; window: SendingWindow } {
  const own =
    site?.smsWindowStart && site.smsWindowEnd
      ? parseSendingWindow(`${site.smsWindowStart}-${site.smsWindowEnd}`)
      : null;
  return { timeZone: site?.timeZone ?? defaults.defaultTimeZone, window: own ?? defaults.smsWindow };
}

/** The zone and sending window of a site, by id. */
export async function siteClock(db: Db | Tx, siteId: string, defaults: QuietHoursDefaults) {
  const [row] = await db.select(siteClockColumns).from(sites).where(eq(sites.id, siteId));
  return clockOf(row, defaults);
}
