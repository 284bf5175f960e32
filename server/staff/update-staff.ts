import { and, count, eq, ne } from 'drizzle-orm';
import type { StaffMember, StaffUpdate } from '../../src/domain/staff';
import type { Tx } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { staffRecord } from './staff-record';

export const NO_SUCH_STAFF = 'There is no such staff member.';

/**
 * Changes a staff member's role, sites or access. Disabling ends their sessions at once. The last enabled owner
 * cannot be demoted or disabled: nobody could then manage staff without the command line.
 */
export async function updateStaff(tx: Tx, id: string, change: StaffUpdate): Promise<StaffMember> {
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
  if (losesOwner) {
    const [others] = await tx
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false), ne(staff.id, id)));
    if ((others?.n ?? 0) === 0) {
      throw new ApiError(409, 'last_owner', 'The last owner cannot be demoted or disabled.');
    }
  }

  const [row] = await tx
    .update(staff)
    .set({ role, sites, disabled, updatedAt: new Date() })
    .where(eq(staff.id, id))
    .returning();
  if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
  return staffRecord(row!);
}
