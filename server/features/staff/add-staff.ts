import { eq } from 'drizzle-orm';
import type { NewStaff, StaffMember } from '../../../src/domain/staff';
import type { Db } from '../../platform/db/client';
import { staff } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import type { Auth } from './auth';
import { oneTimePassword } from './one-time-password';
import { staffRecord } from './staff-record';
import { ensureSites } from '../sites/sites';

/**
 * Adds a staff member with a credential account, as better-auth's own sign-up would, hashed by its hasher. Without
 * a password one is generated and returned, to be shown once (it is stored only as the hash), and must be changed at
 * the first sign-in.
 */
export async function addStaff(
  db: Db,
  auth: Auth,
  member: NewStaff,
): Promise<{ staff: StaffMember; password?: string }> {
  const [existing] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, member.email));
  if (existing) throw new ApiError(409, 'already_exists', 'A staff member with this email already exists.');

  const password = member.password ?? oneTimePassword();
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const sites = member.role === 'owner' ? [] : member.sites;
  const user = await context.internalAdapter.createUser(
    {
      email: member.email,
      name: member.name,
      emailVerified: true,
      role: member.role,
      sites,
      disabled: false,
    },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  // Sites named here for the first time (`npm run staff -- add --sites`) are listed, waiting for a name.
  await ensureSites(db, sites);
  // A password made here was shown to the owner, not chosen by the person: they change it before anything else.
  const [row] = await db
    .update(staff)
    .set({ passwordChangeRequired: member.password === undefined })
    .where(eq(staff.id, user.id))
    .returning();
  return { staff: staffRecord(row!), ...(member.password ? {} : { password }) };
}
