import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_SMS_WINDOW, type SendingWindow } from '../../../src/domain/quiet-hours';
import { FEEDBACK_DEFAULTS, FEEDBACK_SETTING_KEYS, type FeedbackSettings } from '../../../src/domain/invitations';
import { unnamedSiteName, type NewSite, type Site, type SiteChange } from '../../../src/domain/sites';
import type { Db, Tx } from '../../platform/db/client';
import { sites } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';
import { notDemoSite, type DemoShown } from '../demo/not-demo';

type SiteRow = typeof sites.$inferSelect;

/** A site's own sending window, or null to follow SMS_WINDOW (the two columns are set or null together). */
export const ownSmsWindow = (row: Pick<SiteRow, 'smsWindowStart' | 'smsWindowEnd'>): SendingWindow | null =>
  row.smsWindowStart && row.smsWindowEnd ? { start: row.smsWindowStart, end: row.smsWindowEnd } : null;

const windowColumns = (window: SendingWindow | null | undefined) => ({
  smsWindowStart: window?.start ?? null,
  smsWindowEnd: window?.end ?? null,
});

/** A site's feedback settings (decision 053), as its row holds them. */
const feedbackSettingsOf = (row: SiteRow): FeedbackSettings => pick(row, FEEDBACK_SETTING_KEYS);

/** The feedback settings a new site or a change names; those it leaves out stay undefined, so unchanged. */
const feedbackColumns = (input: Partial<FeedbackSettings>): Partial<FeedbackSettings> =>
  pick(input, FEEDBACK_SETTING_KEYS);

/** A site as the API answers it, its zone DEFAULT_TIMEZONE's and its window SMS_WINDOW's when it has none. */
const toSite = (row: SiteRow, defaultTimeZone: string, defaultWindow: SendingWindow): Site => ({
  id: row.id,
  name: row.name,
  address: row.address,
  timeZone: row.timeZone ?? defaultTimeZone,
  reviewUrl: row.reviewUrl,
  smsWindow: ownSmsWindow(row) ?? defaultWindow,
  active: row.active,
  named: row.named,
  ...feedbackSettingsOf(row),
});

/**
 * The sites a caller may see ('all', or a manager's or key's list), by name. A listed id with no row yet (a
 * manager's site named before any sale there) is shown as "Site {id}", so a list never hides one.
 */
export async function listSites(
  db: Db | Tx,
  visible: 'all' | readonly string[],
  defaultTimeZone: string,
  defaultWindow: SendingWindow = DEFAULT_SMS_WINDOW,
  shown?: DemoShown,
): Promise<Site[]> {
  if (visible !== 'all' && visible.length === 0) return [];
  const rows = await db
    .select()
    .from(sites)
    .where(and(notDemoSite(shown), visible === 'all' ? undefined : inArray(sites.id, [...visible])))
    .orderBy(asc(sites.name), asc(sites.id));
  const found = rows.map((row) => toSite(row, defaultTimeZone, defaultWindow));
  const missing = visible === 'all' ? [] : visible.filter((id) => !rows.some((row) => row.id === id));
  return [
    ...found,
    ...missing.map((id) => ({
      id,
      name: unnamedSiteName(id),
      address: '',
      timeZone: defaultTimeZone,
      reviewUrl: null,
      smsWindow: defaultWindow,
      active: true,
      named: false,
      ...FEEDBACK_DEFAULTS,
    })),
  ];
}

export async function findSite(
  db: Db | Tx,
  id: string,
  defaultTimeZone: string,
  defaultWindow: SendingWindow = DEFAULT_SMS_WINDOW,
): Promise<Site | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row ? toSite(row, defaultTimeZone, defaultWindow) : null;
}

/** An owner's new site, named; null when its id is taken (the point-of-sale may have made it already). */
export async function createSite(
  tx: Tx,
  input: NewSite,
  defaultTimeZone: string,
  defaultWindow: SendingWindow = DEFAULT_SMS_WINDOW,
): Promise<Site | null> {
  const [row] = await tx
    .insert(sites)
    .values({
      id: input.id,
      name: input.name,
      address: input.address,
      timeZone: input.timeZone ?? null,
      reviewUrl: input.reviewUrl,
      ...windowColumns(input.smsWindow),
      ...feedbackColumns(input),
      named: true,
    })
    .onConflictDoNothing({ target: sites.id })
    .returning();
  return row ? toSite(row, defaultTimeZone, defaultWindow) : null;
}

/** An owner's change; giving a name marks the site named. Null when there is no such site. */
export async function updateSite(
  tx: Tx,
  id: string,
  change: SiteChange,
  defaultTimeZone: string,
  defaultWindow: SendingWindow = DEFAULT_SMS_WINDOW,
): Promise<Site | null> {
  const [row] = await tx
    .update(sites)
    // Drizzle leaves a column whose value is undefined as it is: what the change does not name stays.
    .set({
      // An owner's change makes a demo-only site theirs: it stays when the demo data goes (decision 049).
      isDemo: false,
      name: change.name,
      ...(change.name === undefined ? {} : { named: true }),
      address: change.address,
      timeZone: change.timeZone,
      reviewUrl: change.reviewUrl,
      ...(change.smsWindow === undefined ? {} : windowColumns(change.smsWindow)),
      active: change.active,
      ...feedbackColumns(change),
    })
    .where(eq(sites.id, id))
    .returning();
  return row ? toSite(row, defaultTimeZone, defaultWindow) : null;
}

/**
 * Makes a site for every id not seen before, as "Site {id}" waiting for a name: a new id from the point-of-sale,
 * or a staff member's or key's site given on the command line. Known sites are left as they are.
 */
export async function ensureSites(tx: Db | Tx, ids: readonly string[], made?: { demo?: boolean }): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx
    .insert(sites)
    // A site made for the demo code alone is demo data (decision 049); one that was there stays as it is.
    .values(unique.map((id) => ({ id, name: unnamedSiteName(id), isDemo: made?.demo ?? false })))
    // A real use of the demo's site (a staff member's, a key's) makes it real: it stays when the demo data goes.
    .onConflictDoUpdate({
      target: sites.id,
      set: { isDemo: false },
      setWhere: made?.demo ? sql`false` : eq(sites.isDemo, true),
    });
}
