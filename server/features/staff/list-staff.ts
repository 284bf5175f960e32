import { asc, count, eq } from 'drizzle-orm';
import type { StaffMember } from '../../../src/domain/staff';
import type { Db } from '../../platform/db/client';
import { staff } from '../../platform/db/schema';
import { staffRecord } from './staff-record';

/** Every staff member, in the order they were added (a wash has a handful, not thousands). */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.id));
  return rows.map(staffRecord);
}

export async function findStaff(db: Db, id: string): Promise<StaffMember | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row ? staffRecord(row) : null;
}

export async function findStaffByEmail(db: Db, email: string): Promise<StaffMember | null> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email.trim().toLowerCase()));
  return row ? staffRecord(row) : null;
}

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staff);
  return row?.n ?? 0;
}
