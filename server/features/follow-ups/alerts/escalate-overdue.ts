import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { notDemoMember } from '../../demo/not-demo';
import { followUpCases } from '../../../platform/db/schema';
import { addTimelineEntry, SYSTEM } from '../timeline';
import { queueAlert } from './send-alert';

/**
 * Escalates every case still `open` past its due time and not escalated yet: one transaction marks it
 * (`escalated_at`), adds its `escalated` timeline entry and queues the owners' email. The mark is a conditional
 * update, so two checks at once (two instances) claim each case once between them: the second finds
 * `escalated_at` set, or waits on the first's row lock and then does.
 */
export async function escalateOverdue(db: Db, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(followUpCases)
      .set({ escalatedAt: now })
      .where(
        and(
          eq(followUpCases.status, 'open'),
          lt(followUpCases.dueAt, now),
          isNull(followUpCases.escalatedAt),
          // The demo's case emails nobody (decision 049).
          notDemoMember(followUpCases.customerId),
        ),
      )
      .returning({ id: followUpCases.id });
    for (const { id } of claimed) {
      await addTimelineEntry(tx, {
        caseId: id,
        actor: SYSTEM,
        kind: 'escalated',
        text: 'Overdue: still open past its due time, so it was escalated to the owners.',
        at: now,
      });
      await queueAlert(tx, id, 'overdue', now);
    }
    return claimed.map(({ id }) => id);
  });
}
