import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { staff, staffAccounts, staffSessions } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import type { Auth } from './auth';
import { oneTimePassword } from './one-time-password';
import { NO_SUCH_STAFF } from './update-staff';

/**
 * An owner's reset of a staff member's password: a new one-time password, returned to be shown once, that must be
 * changed at the next sign-in; their sessions end, so the old password's sessions do not outlive it.
 */
export async function resetStaffPassword(db: Db, auth: Auth, id: string): Promise<{ password: string }> {
  const password = oneTimePassword();
  const hash = await (await auth.$context).password.hash(password);
  await db.transaction(async (tx) => {
    const [member] = await tx
      .update(staff)
      .set({ passwordChangeRequired: true, updatedAt: new Date() })
      .where(eq(staff.id, id))
      .returning({ id: staff.id });
    if (!member) throw new ApiError(404, 'not_found', NO_SUCH_STAFF);
    await tx
      .update(staffAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(staffAccounts.userId, id), eq(staffAccounts.providerId, 'credential')));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, id));
  });
  return { password };
}

/** Changing one's own password ends the one-time password's hold. */
export async function passwordChosen(db: Db, id: string): Promise<void> {
  await db.update(staff).set({ passwordChangeRequired: false }).where(eq(staff.id, id));
}
