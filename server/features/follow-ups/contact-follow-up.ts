import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { followUpCases } from '../../platform/db/schema';
import type { SiteScope } from '../members/list-conditions';
import { lockCase, refuseClosed } from './case-columns';
import { addTimelineEntry, type CaseActor } from './timeline';

/**
 * The member was reached: an open case becomes contacted. Contacting them again adds to the timeline and keeps the
 * first contact's time (what "time to first contact" counts). A resolved case is closed (409).
 */
export async function contactFollowUp(
  tx: Tx,
  contact: { actor: CaseActor; scope: SiteScope; caseId: string; note?: string; now: Date },
): Promise<void> {
  const row = await lockCase(tx, contact.scope, contact.caseId);
  refuseClosed(row);
  await tx
    .update(followUpCases)
    .set({
      status: 'contacted',
      contactedAt: sql`coalesce(${followUpCases.contactedAt}, ${contact.now.toISOString()}::timestamptz)`,
    })
    .where(eq(followUpCases.id, row.id));
  await addTimelineEntry(tx, {
    caseId: row.id,
    actor: contact.actor,
    kind: 'contacted',
    text: contact.note ?? '',
    at: contact.now,
  });
}
