import { eq } from 'drizzle-orm';
import type { RootCause } from '../../../src/domain/follow-ups';
import type { Tx } from '../../platform/db/client';
import { followUpCases } from '../../platform/db/schema';
import { followUpData } from '../integrations/event-payloads';
import { isDemoCustomer } from '../demo/not-demo';
import { recordEvent } from '../integrations/outbox';
import type { SiteScope } from '../members/list-conditions';
import { lockCase, refuseClosed } from './case-columns';
import { addTimelineEntry, type CaseActor } from './timeline';

/**
 * Closes an open or contacted case with its root cause and a note of what was done, with a `follow_up.resolved`
 * event. A resolved case stays as it was resolved (409).
 */
export async function resolveFollowUp(
  tx: Tx,
  resolution: { actor: CaseActor; scope: SiteScope; caseId: string; rootCause: RootCause; note: string; now: Date },
): Promise<void> {
  const row = await lockCase(tx, resolution.scope, resolution.caseId);
  refuseClosed(row);
  const [resolved] = await tx
    .update(followUpCases)
    .set({
      status: 'resolved',
      resolvedAt: resolution.now,
      rootCause: resolution.rootCause,
      resolutionNote: resolution.note,
    })
    .where(eq(followUpCases.id, row.id))
    .returning();
  await addTimelineEntry(tx, {
    caseId: row.id,
    actor: resolution.actor,
    kind: 'resolved',
    text: resolution.note,
    at: resolution.now,
  });
  // The demo's records are never sent to a webhook endpoint (decision 049).
  if (!(await isDemoCustomer(tx, row.customerId))) {
    await recordEvent(tx, 'follow_up.resolved', followUpData(resolved!), resolution.now);
  }
}
