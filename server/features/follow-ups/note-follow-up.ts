import type { Tx } from '../../platform/db/client';
import type { SiteScope } from '../members/list-conditions';
import { lockCase } from './case-columns';
import { addTimelineEntry, type CaseActor } from './timeline';

/** Adds a note to a case's timeline, whatever its status: what happened after it was resolved is worth keeping too. */
export async function noteFollowUp(
  tx: Tx,
  note: { actor: CaseActor; scope: SiteScope; caseId: string; text: string; now: Date },
): Promise<void> {
  const row = await lockCase(tx, note.scope, note.caseId);
  await addTimelineEntry(tx, { caseId: row.id, actor: note.actor, kind: 'note', text: note.text, at: note.now });
}
