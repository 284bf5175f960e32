import { eq } from 'drizzle-orm';
import { FOLLOW_UP_MESSAGES } from '../../../src/domain/follow-ups';
import { actorOf, type Principal } from '../../platform/access/principal';
import type { Tx } from '../../platform/db/client';
import { followUpCases, staff } from '../../platform/db/schema';
import { validationFailed } from '../../platform/http/api-error';
import type { SiteScope } from '../members/list-conditions';
import { lockCase, refuseClosed } from './case-columns';
import { addTimelineEntry } from './timeline';

const refuse = (message: string) => validationFailed({ assigneeId: message });

/**
 * The staff member a case of `siteId` may be given to: enabled, and an owner or a manager of that site. Their row is
 * shared for the rest of the transaction: a change to what they may see waits for the assignment to commit and
 * then gives the case back, and an assignment waiting on such a change reads what it leaves (decision 041).
 */
async function eligibleAssignee(tx: Tx, id: string, siteId: string) {
  const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('share');
  const seesSite = member?.role === 'owner' || member?.sites.includes(siteId);
  return member && !member.disabled && seesSite ? member : null;
}

/**
 * Gives a case to a staff member of its site, or to nobody (`assigneeId` null). A manager takes a case for
 * themself, or gives back one that is theirs; an owner (or the command line) gives it to any enabled staff member
 * who may see its site. A resolved case is closed (409). Answers whether anything changed: giving a case to whom it
 * already has writes nothing.
 */
export async function assignFollowUp(
  tx: Tx,
  change: { principal: Principal; scope: SiteScope; caseId: string; assigneeId: string | null; now: Date },
): Promise<boolean> {
  const row = await lockCase(tx, change.scope, change.caseId);
  refuseClosed(row);
  const { principal, assigneeId } = change;
  if (principal.kind === 'staff' && principal.staff.role === 'manager') {
    const self = principal.staff.id;
    if (assigneeId !== null && assigneeId !== self) throw refuse(FOLLOW_UP_MESSAGES.assignSelf);
    if (assigneeId === null && row.assigneeId !== null && row.assigneeId !== self) {
      throw refuse(FOLLOW_UP_MESSAGES.unassignOthers);
    }
  }
  // Someone who can no longer open a case is never left its assignee, so giving it to them again changes nothing.
  if (row.assigneeId === assigneeId) return false;
  const assignee = assigneeId === null ? null : await eligibleAssignee(tx, assigneeId, row.siteId);
  if (assigneeId !== null && !assignee) throw refuse(FOLLOW_UP_MESSAGES.assignee);

  await tx.update(followUpCases).set({ assigneeId }).where(eq(followUpCases.id, row.id));
  await addTimelineEntry(tx, {
    caseId: row.id,
    actor: actorOf(principal),
    kind: 'assigned',
    text: assignee ? `Assigned to ${assignee.name || assignee.email}.` : 'Unassigned.',
    at: change.now,
  });
  return true;
}
