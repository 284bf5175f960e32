import type { StaffMember, StaffRole } from '../../../src/domain/staff';
import type { staff } from '../../platform/db/schema';

/** A staff row as the console API answers it: the hash lives in another table and never leaves it. */
export function staffRecord(row: typeof staff.$inferSelect): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    sites: row.role === 'owner' ? [] : row.sites,
    disabled: row.disabled,
    passwordChangeRequired: row.passwordChangeRequired,
    createdAt: row.createdAt.toISOString(),
  };
}
