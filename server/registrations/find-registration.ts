import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Registration } from '../../src/domain/registration';
import type { Db } from '../db/client';
import { customers, registrations } from '../db/schema';
import { hashToken, looksLikeToken } from '../lib/tokens';
import { toRegistration } from './registration-record';

/**
 * The member's last profile completed through a code the operator issued to this number. A manual sign-up
 * proves nothing about the number it carries, so it never pre-fills anyone's form.
 */
async function verifiedProfile(db: Db, mobileNumber: string) {
  const [row] = await db
    .select({ customer: customers })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(and(eq(customers.mobileNumber, mobileNumber), eq(registrations.isManual, false)))
    .orderBy(desc(customers.createdAt))
    .limit(1);
  return row?.customer;
}

/**
 * The registration a code opens, with a returning member's profile to pre-fill the form; undefined when the code
 * opens nothing, which the caller may count against whoever is guessing.
 */
export async function findRegistration(db: Db, token: string, now = new Date()): Promise<Registration | undefined> {
  const [row] = looksLikeToken(token)
    ? await db
        .select()
        .from(registrations)
        .where(eq(registrations.tokenHash, hashToken(token)))
    : [];
  // A completed registration still answers after its expiry: the customer is sent to thank-you, not told off.
  if (!row || !(row.isCompleted || !row.expiresAt || row.expiresAt > now)) return undefined;
  // The funnel's "opened": only the first lookup writes, so a reload costs no write.
  if (!row.openedAt) {
    await db
      .update(registrations)
      .set({ openedAt: now })
      .where(and(eq(registrations.id, row.id), isNull(registrations.openedAt)));
  }
  const profile = row.isReturningCustomer && !row.isCompleted ? await verifiedProfile(db, row.mobileNumber) : undefined;
  return toRegistration(row, token, profile);
}
