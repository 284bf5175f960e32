import type { TimelineKind } from '../../../src/domain/follow-ups';
import type { Actor } from '../audit/record-audit';
import type { Tx } from '../../platform/db/client';
import { followUpEvents } from '../../platform/db/schema';
import { newId } from '../../platform/values/tokens';

/** Who wrote a timeline entry: a staff member or the command line (as the audit log names them), or the system. */
export type CaseActor = Actor | { kind: 'system' };

export const SYSTEM: CaseActor = { kind: 'system' };

/** Adds one entry to a case's timeline, in the caller's transaction. */
export async function addTimelineEntry(
  tx: Tx,
  entry: { caseId: string; actor: CaseActor; kind: TimelineKind; text: string; at: Date; inboundMessageId?: string },
): Promise<void> {
  await tx.insert(followUpEvents).values({
    id: newId(),
    caseId: entry.caseId,
    at: entry.at,
    actorKind: entry.actor.kind,
    actorId: 'id' in entry.actor ? entry.actor.id : null,
    kind: entry.kind,
    text: entry.text,
    inboundMessageId: entry.inboundMessageId ?? null,
  });
}
