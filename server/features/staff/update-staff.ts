import { and, eq } from 'drizzle-orm';
import type { StaffMember, StaffUpdate } from '../../../src/domain/staff';
import type { Actor } from '../audit/record-audit';
import type { Tx } from '../../platform/db/client';
import { staff, staffSessions } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import { staffRecord } from './staff-record';
import { ensureSites } from '../sites/sites';
import { lockAssignedCases, unassignOutOfReach } from '../follow-ups/unassign-out-of-reach';

export const NO_SUCH_STAFF = 'There is no such staff member.';

/**
 * Changes a staff member's name, role, sites or access. Disabling ends their sessions at once. The last enabled owner
 * cannot be demoted or disabled: nobody could then manage staff without the command line.
 *
 * The rule holds under concurrency (the console's PATCH and `npm run staff -- disable` both come here): every change
 * first locks all enabled owners' rows, in id order, then its own row. Two changes that could each remove an owner
 * therefore run one after the other, and the second counts the owners the first left: on PostgreSQL's READ
 * COMMITTED, a row the first changed is read again when its lock is granted, and drops out if no longer an enabled
 * owner. Locking only the changed row let the last two owners each see the other still enabled, and both go. The
 * same order in every change (owners, then the one row) is what keeps two changes from deadlocking.
 *
 * The open cases of someone who can no longer open them (disabled, or a manager at a site they no longer have) are
 * given back in the same transaction, each with a timeline entry by `by`. Their cases are locked first: an
 * assignment locks its case, then shares its assignee's row (server/features/follow-ups/assign-follow-up.ts), so taking the
 * cases before the staff rows keeps the two in one order, and an assignment waiting on this change reads the sites
 * it leaves.
 */
export async function updateStaff(
  tx: Tx,
  id: string,
  change: StaffUpdate,
  by: Actor,
  now = new Date(),
): Promise<StaffMember> {
  await lockAssignedCases(tx, id);
  const owners = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false)))
    .orderBy(staff.id)
    .for('update');
  const [current] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  if (!current) throw new ApiError(404, 'not_found', NO_SUCH_STAFF);

  const role = change.role ?? current.role;
  const disabled = change.disabled ?? current.disabled;
  const sites = role === 'owner' ? [] : (change.sites ?? current.sites);
  if (role === 'manager' && sites.length === 0) {
    throw new ApiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
      sites: 'A manager needs at least one site',
    });
  }
  const losesOwner = current.role === 'owner' && !current.disabled && (role !== 'owner' || disabled);
  if (losesOwner && !owners.some((owner) => owner.id !== id)) {
    throw new ApiError(409, 'last_owner', 'The last owner cannot be demoted or disabled.');
  }

  const [row] = await tx
    .update(staff)
    .set({ ...(change.name === undefined ? {} : { name: change.name }), role, sites, disabled, updatedAt: now })
    .where(eq(staff.id, id))
    .returning();
  await ensureSites(tx, sites);
  await unassignOutOfReach(tx, row!, by, now);
  if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
  return staffRecord(row!);
}
