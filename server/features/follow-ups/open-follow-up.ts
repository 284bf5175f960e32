import { followUpDueAt } from '../../../src/domain/follow-ups';
import type { Tx } from '../../platform/db/client';
import { followUpCases, type surveys } from '../../platform/db/schema';
import { followUpData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { newId } from '../../platform/values/tokens';
import { queueAlert } from './alerts/send-alert';
import { addTimelineEntry, SYSTEM } from './timeline';

/**
 * Opens the follow-up case of a detractor's survey, in the survey's transaction: at the member's site, due `hours`
 * after `openedAt`, with its first timeline entry, a `follow_up.opened` event and its alert email's job. Nobody is assigned yet.
 */
export async function openFollowUp(
  tx: Tx,
  opening: { survey: typeof surveys.$inferSelect; siteId: string; hours: number; openedAt: Date; demo?: boolean },
): Promise<typeof followUpCases.$inferSelect> {
  const { survey, openedAt } = opening;
  const [row] = await tx
    .insert(followUpCases)
    .values({
      id: newId(),
      surveyId: survey.id,
      customerId: survey.customerId,
      siteId: opening.siteId,
      status: 'open',
      openedAt,
      dueAt: followUpDueAt(openedAt, opening.hours),
    })
    .returning();
  await addTimelineEntry(tx, {
    caseId: row!.id,
    actor: SYSTEM,
    kind: 'opened',
    text: `Opened by a survey that scored ${survey.recommendToOthersScore} out of 10.`,
    at: openedAt,
  });
  // The demo's case is sent to no webhook endpoint and emails nobody (decision 049).
  if (opening.demo) return row!;
  await recordEvent(tx, 'follow_up.opened', followUpData(row!), openedAt);
  // The site's managers hear of it from the job queue, never in the survey's request (decision 026).
  await queueAlert(tx, row!.id, 'opened', openedAt);
  return row!;
}
