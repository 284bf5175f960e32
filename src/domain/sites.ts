import * as v from 'valibot';
import { SITE_ID_PATTERN } from './list-filters';
import { feedbackSettingsChangeEntries, feedbackSettingsSchema } from './invitations';
import { sendingWindowSchema } from './quiet-hours';
import { isTimeZone } from './time-zone';
import { drawsSomething, oneLineText, plainText, UNSUPPORTED_CHARACTERS } from './validation';

export const SITE_MESSAGES = {
  id: 'Use the id your point-of-sale sends: letters, digits, - and _ (at most 40)',
  idTaken: 'There is already a site with this id',
  name: 'Name the site (at most 80 characters)',
  address: 'Use at most 200 characters for the address',
  timeZone: 'Choose a time zone',
  reviewUrl: 'Use an https:// address for the review page',
} as const;

/** What a site is called before an owner names it: the point-of-sale's id, readable (decision 024). */
export const unnamedSiteName = (id: string) => `Site ${id}`;

/**
 * A site's name is shown in lists, emails and CSV cells as one line: a name of invisible characters is no name, and
 * one that breaks the line or reorders itself would show as other than it is (decision 041).
 */
const name = v.pipe(
  v.string(SITE_MESSAGES.name),
  v.trim(),
  v.nonEmpty(SITE_MESSAGES.name),
  v.check(drawsSomething, SITE_MESSAGES.name),
  v.maxLength(80, SITE_MESSAGES.name),
  oneLineText(UNSUPPORTED_CHARACTERS),
);
const address = v.pipe(
  v.string(SITE_MESSAGES.address),
  v.trim(),
  v.maxLength(200, SITE_MESSAGES.address),
  plainText(UNSUPPORTED_CHARACTERS),
);
const timeZone = v.pipe(v.string(SITE_MESSAGES.timeZone), v.trim(), v.check(isTimeZone, SITE_MESSAGES.timeZone));
/** Where a member is sent to leave a public review: https only, straight to the review page (no redirect via us). */
const reviewUrl = v.pipe(
  v.string(SITE_MESSAGES.reviewUrl),
  v.trim(),
  v.maxLength(500, SITE_MESSAGES.reviewUrl),
  v.check((url) => url === '' || (URL.canParse(url) && new URL(url).protocol === 'https:'), SITE_MESSAGES.reviewUrl),
  // An empty box removes the link.
  v.transform((url) => (url === '' ? null : url)),
);

/** An owner's new site: the id the point-of-sale already sends for it, and its name. */
export const newSiteSchema = v.object({
  id: v.pipe(v.string(SITE_MESSAGES.id), v.trim(), v.regex(SITE_ID_PATTERN, SITE_MESSAGES.id)),
  name,
  address: v.optional(address, ''),
  /** Omitted: DEFAULT_TIMEZONE. */
  timeZone: v.optional(timeZone),
  reviewUrl: v.optional(v.nullable(reviewUrl), null),
  /** The hours texts may go out, on the site's clock; omitted or null: SMS_WINDOW. */
  smsWindow: v.optional(v.nullable(sendingWindowSchema)),
  /** Feedback after visits and reminders (decision 053); omitted: the defaults. */
  ...feedbackSettingsChangeEntries,
});
export type NewSite = v.InferOutput<typeof newSiteSchema>;

/**
 * An owner's change to a site: any of its name, address, zone, review link, sending window (null: back to
 * SMS_WINDOW), whether it is active, and its feedback settings.
 */
export const siteChangeSchema = v.object({
  name: v.optional(name),
  address: v.optional(address),
  timeZone: v.optional(timeZone),
  reviewUrl: v.optional(v.nullable(reviewUrl)),
  smsWindow: v.optional(v.nullable(sendingWindowSchema)),
  active: v.optional(v.boolean()),
  ...feedbackSettingsChangeEntries,
});
export type SiteChange = v.InferOutput<typeof siteChangeSchema>;

/** A site as the console shows it. */
export const siteSchema = v.object({
  /** The point-of-sale's id for the site, as its `siteId` sends it. */
  id: v.string(),
  name: v.string(),
  address: v.string(),
  /** The IANA time zone its texts and hours are judged in. */
  timeZone: v.string(),
  /** The public review page members are invited to; null: none. */
  reviewUrl: v.nullable(v.string()),
  /** The hours texts go out, "HH:MM" on the site's clock (quiet hours outside): its own, or SMS_WINDOW's. */
  smsWindow: v.object({ start: v.string(), end: v.string() }),
  /** An inactive site is kept for its history and offered nowhere new. */
  active: v.boolean(),
  /** False until an owner names it: made by the point-of-sale or the migration as "Site {id}". */
  named: v.boolean(),
  /** Feedback after visits and reminders (decision 053). */
  ...feedbackSettingsSchema.entries,
});
export type Site = v.InferOutput<typeof siteSchema>;

export const siteListSchema = v.object({
  results: v.array(siteSchema),
  /** DEFAULT_TIMEZONE: the clock of a site without its own zone, and of a sign-up that belongs to no site. */
  defaultTimeZone: v.string(),
});
export type SiteList = v.InferOutput<typeof siteListSchema>;

/** A site's name where one is known, its id readable otherwise (a site the list does not hold, say). */
export function siteName(sites: readonly Pick<Site, 'id' | 'name'>[] | undefined, id: string): string {
  return sites?.find((site) => site.id === id)?.name ?? unnamedSiteName(id);
}
