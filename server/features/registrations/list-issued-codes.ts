import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ENVIRONMENT_KEY_ID } from '../../../src/domain/api-keys';
import type { CodeIssuer, IssuedCode, IssuedCodeQuery } from '../../../src/domain/issued-codes';
import type { Page } from '../../../src/domain/paging';
import type { Db } from '../../platform/db/client';
import { apiKeys, registrations, sites, staff } from '../../platform/db/schema';
import { afterCursor, cursorKey, keysetPage, orderOf, type KeysetOrder } from '../../platform/lists/keyset-page';
import { notDemoRegistration } from '../demo/not-demo';
import { latestCodeTexts } from '../integrations/sms/queue-sms';
import { isoOrNull } from '../../platform/values/iso-time';
import { inSites, siteNameColumn, type SiteScope } from '../members/list-conditions';

const NEWEST_FIRST: KeysetOrder = {
  parts: [
    { expression: registrations.createdAt, part: 'time' },
    { expression: registrations.id, part: 'id' },
  ],
  direction: 'desc',
};

/**
 * Issued on `day` (or today) on the clock of the code's own site: a chain with sites in two zones sees each site's
 * day. The bounds around it are wide enough for any zone (UTC−12 to UTC+14) and let the (created_at, id) index
 * narrow the rows first.
 */
function onSiteDay(zone: SQL, day: string | undefined, now: Date): SQL {
  const localDay = day
    ? sql`cast(${day} as date)`
    : sql`cast((cast(${now.toISOString()} as timestamptz) at time zone ${zone}) as date)`;
  const anchor = day ? sql`cast(${`${day}T00:00:00Z`} as timestamptz)` : sql`cast(${now.toISOString()} as timestamptz)`;
  return sql`(${registrations.createdAt} >= ${anchor} - interval '2 days'
    and ${registrations.createdAt} < ${anchor} + interval '2 days'
    and cast((${registrations.createdAt} at time zone ${zone}) as date) = ${localDay})`;
}

function issuerOf(row: {
  staffId: string | null;
  staffName: string | null;
  staffEmail: string | null;
  keyId: string | null;
  keyName: string | null;
}): CodeIssuer {
  if (row.staffId) return { kind: 'staff', name: row.staffName || row.staffEmail || '' };
  if (row.keyId === ENVIRONMENT_KEY_ID) return { kind: 'key', name: 'ADMIN_API_KEY' };
  if (row.keyId) return { kind: 'key', name: row.keyName ?? '' };
  return { kind: 'other', name: '' };
}

/**
 * The counter's list (decision 045): the codes issued at these sites on one day of each site's clock, newest first,
 * a keyset page at a time, each with the last four digits of its number, who issued it, its latest text of the link,
 * and its reminder (decision 053).
 * Sign-ups without a code are not codes, and are left out.
 */
export async function listIssuedCodes(
  db: Db,
  scope: SiteScope,
  query: Omit<IssuedCodeQuery, 'site'>,
  options: { defaultTimeZone: string; now?: Date },
): Promise<Page<IssuedCode>> {
  const now = options.now ?? new Date();
  const zone = sql<string>`coalesce(${sites.timeZone}, ${options.defaultTimeZone})`;
  const rows = await db
    .select({
      id: registrations.id,
      siteId: registrations.siteId,
      siteName: siteNameColumn,
      siteTimeZone: zone,
      lastFour: sql<string>`right(${registrations.mobileNumber}, 4)`,
      planName: registrations.planName,
      createdAt: registrations.createdAt,
      openedAt: registrations.openedAt,
      completedAt: registrations.completedAt,
      expiresAt: registrations.expiresAt,
      staffId: registrations.issuedByStaffId,
      staffName: staff.name,
      staffEmail: staff.email,
      keyId: registrations.issuedByKeyId,
      keyName: apiKeys.name,
      cursorKey: cursorKey(NEWEST_FIRST),
    })
    .from(registrations)
    .leftJoin(sites, eq(sites.id, registrations.siteId))
    .leftJoin(staff, eq(staff.id, registrations.issuedByStaffId))
    .leftJoin(apiKeys, eq(apiKeys.id, registrations.issuedByKeyId))
    .where(
      and(
        eq(registrations.isManual, false),
        notDemoRegistration(registrations.id, query),
        inSites(scope),
        onSiteDay(zone, query.day, now),
        afterCursor(NEWEST_FIRST, query.after),
      ),
    )
    .orderBy(...orderOf(NEWEST_FIRST))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit);
  const texts = await latestCodeTexts(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    results: page.rows.map((row) => {
      const text = texts.get(row.id);
      return {
        id: row.id,
        siteId: row.siteId,
        siteName: row.siteName,
        siteTimeZone: row.siteTimeZone,
        lastFour: row.lastFour,
        planName: row.planName,
        issuedAt: row.createdAt.toISOString(),
        issuedBy: issuerOf(row),
        openedAt: isoOrNull(row.openedAt),
        completedAt: isoOrNull(row.completedAt),
        expiresAt: isoOrNull(row.expiresAt),
        sms: text?.code ?? null,
        reminder: text?.reminder ?? null,
      };
    }),
    nextCursor: page.nextCursor,
  };
}
