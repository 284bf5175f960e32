import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Registration } from '../../../src/domain/registration';
import type { Db } from '../../platform/db/client';
import { preparedByName } from '../../platform/db/named-statements';
import { customers, registrations } from '../../platform/db/schema';
import { hashToken, looksLikeToken } from '../../platform/values/tokens';
import { toRegistration } from './registration-record';

/**
 * The lookup's reads, built once per database: drizzle otherwise rebuilds each statement's SQL on every request,
 * which cost a quarter of the engine's rate. The names make them prepared statements, parsed and planned once: on
 * PostgreSQL once per pooled connection; on PGlite once, each run then one call into the engine instead of six
 * (server/platform/db/pglite-prepared.ts), which cut the lookup's query from about 630 to 180 µs.
 */
function prepareReads(db: Db) {
  return {
    byTokenHash: preparedByName(
      db,
      'registration_by_token_hash',
      db
        .select()
        .from(registrations)
        .where(eq(registrations.tokenHash, sql.placeholder('tokenHash')))
        .prepare('registration_by_token_hash'),
    ),
    /** The profile a returning member's code was tied to when it was issued (issue-registration.ts). */
    prefillProfile: preparedByName(
      db,
      'prefill_profile_by_id',
      db
        .select()
        .from(customers)
        .where(eq(customers.id, sql.placeholder('customerId')))
        .prepare('prefill_profile_by_id'),
    ),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareReads>>();

function readsOf(db: Db) {
  let reads = prepared.get(db);
  if (!reads) prepared.set(db, (reads = prepareReads(db)));
  return reads;
}

/**
 * The registration a code opens, with a returning member's profile to pre-fill the form; undefined when the code
 * opens nothing, which the caller may count against whoever is guessing.
 */
export async function findRegistration(db: Db, token: string, now = new Date()): Promise<Registration | undefined> {
  const reads = readsOf(db);
  const [row] = looksLikeToken(token) ? await reads.byTokenHash.execute({ tokenHash: hashToken(token) }) : [];
  // A completed registration still answers after its expiry: the customer is sent to thank-you, not told off.
  if (!row || !(row.isCompleted || !row.expiresAt || row.expiresAt > now)) return undefined;
  // The funnel's "opened": only the first lookup writes, so a reload costs no write.
  if (!row.openedAt) {
    await db
      .update(registrations)
      .set({ openedAt: now })
      .where(and(eq(registrations.id, row.id), isNull(registrations.openedAt)));
  }
  const [profile] =
    row.prefillCustomerId && !row.isCompleted
      ? await reads.prefillProfile.execute({ customerId: row.prefillCustomerId })
      : [];
  return toRegistration(row, token, profile);
}
