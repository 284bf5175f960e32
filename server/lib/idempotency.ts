import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './api-error';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StoredAnswer {
  status: ContentfulStatusCode;
  body: unknown;
  replayed: boolean;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * Runs a write in one transaction. With an Idempotency-Key, the key is claimed first, inside that transaction:
 * a concurrent retry blocks on the claim until the first attempt commits, then gets its answer; a failed attempt
 * rolls back its claim, so a retry runs afresh. Only successful answers are stored.
 */
export async function writeOnce(
  db: Db,
  options: { scope: string; key: string | undefined; requestText: string },
  work: (tx: Tx) => Promise<{ status: ContentfulStatusCode; body: unknown }>,
): Promise<StoredAnswer> {
  const { scope, key } = options;
  if (key === undefined) {
    return db.transaction(async (tx) => ({ ...(await work(tx)), replayed: false }));
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'validation_failed', 'Idempotency-Key must be 1 to 200 visible ASCII characters.');
  }
  const requestHash = createHash('sha256').update(options.requestText).digest('hex');

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });

    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!first || first.status === null) {
        throw new ApiError(409, 'idempotency_key_reused', 'A request with this Idempotency-Key is still in progress.');
      }
      if (first.requestHash !== requestHash) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      return { status: first.status as ContentfulStatusCode, body: first.body, replayed: true };
    }

    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, body: answer.body })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return { ...answer, replayed: false };
  });
}
