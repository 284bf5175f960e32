import { and, eq } from 'drizzle-orm';
import type { RegistrationProgress } from '../../../src/domain/registration';
import type { Db } from '../../platform/db/client';
import { registrations } from '../../platform/db/schema';
import { findRegistrationSms } from '../integrations/sms/queue-sms';
import { inSites, type SiteScope } from '../members/list-conditions';
import { isoOrNull } from '../../platform/values/iso-time';

/**
 * An issued registration's progress, or null when there is none the caller may see: another site's is none, and
 * so is, for an API key, one it did not issue itself (`issuedByKeyId`).
 */
export async function registrationProgress(
  db: Db,
  scope: { sites: SiteScope; issuedByKeyId?: string },
  id: string,
): Promise<RegistrationProgress | null> {
  const [row] = await db
    .select()
    .from(registrations)
    .where(
      and(
        eq(registrations.id, id),
        eq(registrations.isManual, false),
        inSites(scope.sites),
        scope.issuedByKeyId === undefined ? undefined : eq(registrations.issuedByKeyId, scope.issuedByKeyId),
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    siteId: row.siteId,
    planName: row.planName,
    issuedAt: row.createdAt.toISOString(),
    openedAt: isoOrNull(row.openedAt),
    completedAt: isoOrNull(row.completedAt),
    customerId: row.customerId,
    sms: await findRegistrationSms(db, row.id),
  };
}
