import { eq } from 'drizzle-orm';
import type { Principal } from '../../platform/access/principal';
import type { Db } from '../../platform/db/client';
import { sites, staff } from '../../platform/db/schema';

/**
 * Whose clock a date filter's days are counted on (decision 046): the chosen site's; a manager's one site when they
 * have only one; for several sites, the reader's own zone (their setting), and DEFAULT_TIMEZONE for a reader who has
 * set none.
 */
export async function dayClock(
  db: Db,
  principal: Principal,
  siteId: string | undefined,
  defaultTimeZone: string,
): Promise<{ timeZone: string; of: 'site' | 'reader' }> {
  const onlySite =
    siteId ??
    (principal.kind === 'staff' && principal.staff.role === 'manager' && principal.staff.sites.length === 1
      ? principal.staff.sites[0]
      : undefined);
  if (onlySite !== undefined) {
    const [site] = await db.select({ timeZone: sites.timeZone }).from(sites).where(eq(sites.id, onlySite));
    return { timeZone: site?.timeZone ?? defaultTimeZone, of: 'site' };
  }
  if (principal.kind !== 'staff') return { timeZone: defaultTimeZone, of: 'reader' };
  const [reader] = await db.select({ timeZone: staff.timeZone }).from(staff).where(eq(staff.id, principal.staff.id));
  return { timeZone: reader?.timeZone ?? defaultTimeZone, of: 'reader' };
}
