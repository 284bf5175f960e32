import { and, eq, isNull } from 'drizzle-orm';
import type { FirstRun } from '../../../src/domain/first-run';
import type { Db } from '../../platform/db/client';
import { apiKeys, registrations, sites, staff } from '../../platform/db/schema';
import { notDemoRegistration, notDemoSite } from '../demo/not-demo';

/**
 * Which of a new owner's first steps are done (src/domain/first-run.ts): a row or none, each asked with `limit 1`.
 * Demo data never counts: its one definition is server/features/demo/not-demo.ts (decision 049).
 */
export async function firstRunSteps(db: Db): Promise<FirstRun> {
  const any = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  const one = { id: sites.id };
  const [anySite, siteUnnamed, managerAdded, keyMade, codeIssued] = await Promise.all([
    any(db.select(one).from(sites).where(notDemoSite()).limit(1)),
    any(
      db
        .select(one)
        .from(sites)
        .where(and(eq(sites.named, false), eq(sites.active, true), notDemoSite()))
        .limit(1),
    ),
    any(
      db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.role, 'manager'), eq(staff.disabled, false)))
        .limit(1),
    ),
    any(db.select({ id: apiKeys.id }).from(apiKeys).where(isNull(apiKeys.revokedAt)).limit(1)),
    any(db.select({ id: registrations.id }).from(registrations).where(notDemoRegistration(registrations.id)).limit(1)),
  ]);
  return { steps: { sitesNamed: anySite && !siteUnnamed, managerAdded, keyMade, codeIssued } };
}
