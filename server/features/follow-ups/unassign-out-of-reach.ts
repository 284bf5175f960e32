import { and, eq, ne, notInArray } from 'drizzle-orm';
import type { Actor } from '../audit/record-audit';
import type { Tx } from '../../platform/db/client';
import { followUpCases } from '../../platform/db/schema';
import { addTimelineEntry } from './timeline';

/** What a staff member is now, as their change leaves them. */
interface StaffNow {
  id: string;
  name: string;
  email: string;
  role: string;
  sites: readonly string[];
  disabled: boolean;
}

/** Locks the cases assigned to a staff member for the caller's transaction. */
export async function lockAssignedCases(tx: Tx, staffId: string): Promise<void> {
  await tx
    .select({ id: followUpCases.id })
    .from(followUpCases)
    .where(eq(followUpCases.assigneeId, staffId))
    .orderBy(followUpCases.id)
    .for('update');
}

/**
 * Gives back the open cases of someone who can no longer open them: all of them once disabled, and a manager's
 * at the sites they no longer have; each with a timeline entry by whoever made the change. A resolved case keeps
 * who resolved it. So the inbox never shows as a case's assignee someone who cannot open it (decision 041).
 */
export async function unassignOutOfReach(tx: Tx, member: StaffNow, by: Actor, now: Date): Promise<void> {
  if (!member.disabled && member.role === 'owner') return;
  const outOfReach = member.disabled ? undefined : notInArray(followUpCases.siteId, [...member.sites]);
  const released = await tx
    .update(followUpCases)
    .set({ assigneeId: null })
    .where(and(eq(followUpCases.assigneeId, member.id), ne(followUpCases.status, 'resolved'), outOfReach))
    .returning({ id: followUpCases.id });
  const who = member.name || member.email;
  const text = member.disabled
    ? `Unassigned: ${who} can no longer sign in.`
    : `Unassigned: ${who} no longer works at this site.`;
  for (const { id } of released) await addTimelineEntry(tx, { caseId: id, actor: by, kind: 'assigned', text, at: now });
}
