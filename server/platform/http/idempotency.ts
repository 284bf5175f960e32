import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './api-error';

/**
 * A key counts while its row exists: the retention pass deletes it IDEMPOTENCY_TTL_HOURS after it was first used
 * (server/features/retention/run-retention.ts), so that one setting decides both. `expires_at` is written as before, with the
 * default day, only for instances of an older version during a rolling upgrade, which still read it.
 */
const LEGACY_EXPIRY_MS = 24 * 60 * 60 * 1000;

interface StoredAnswer<T> {
  status: ContentfulStatusCode;
  body: T;
  replayed: boolean;
}

interface IdempotentRequest {
  /** The route and the caller's credential: the same key sent to another route or by another client is another key. */
  scope: string;
  key: string | undefined;
  requestText: string;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The request's key, scoped to `route` and to the credential it came with (never the credential itself). */
export function idempotentRequest(c: Context, route: string, requestText: string): IdempotentRequest {
  const credential = c.req.header('x-api-key') ?? c.req.header('authorization') ?? '';
  return {
    scope: `${route} ${sha256(credential).slice(0, 16)}`,
    key: c.req.header('idempotency-key'),
    requestText,
  };
}

/**
 * Runs a write in one transaction. With an Idempotency-Key, the key is claimed first, inside that transaction:
 * a concurrent retry blocks on the claim until the first attempt commits, then gets its answer, read afresh by
 * `replay` from the id the first attempt created; a failed attempt rolls back its claim, so a retry runs anew.
 * Only successful answers are kept; a key the retention pass has deleted is claimed anew.
 */
export async function writeOnce<T>(
  db: Db,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<{ status: ContentfulStatusCode; resourceId: string; body: T }>,
  replay: (tx: Tx, resourceId: string) => Promise<T | undefined>,
): Promise<StoredAnswer<T>> {
  const { scope, key } = request;
  if (key === undefined) {
    return db.transaction(async (tx) => {
      const { status, body } = await work(tx);
      return { status, body, replayed: false };
    });
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'validation_failed', 'Idempotency-Key must be 1 to 200 visible ASCII characters.');
  }
  const requestHash = sha256(request.requestText);
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  return db.transaction(async (tx) => {
    const now = new Date();
    const claimed =
      (
        await tx
          .insert(idempotencyKeys)
          .values({
            scope,
            key,
            requestHash,
            status: null,
            resourceId: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + LEGACY_EXPIRY_MS),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
      ).length > 0;

    if (!claimed) {
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!first || first.status === null || first.resourceId === null) {
        throw new ApiError(409, 'idempotency_key_reused', 'A request with this Idempotency-Key is still in progress.');
      }
      if (first.requestHash !== requestHash) {
        throw new ApiError(
          422,
          'idempotency_key_reused',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      const body = await replay(tx, first.resourceId);
      if (body === undefined) {
        throw new ApiError(409, 'idempotency_key_reused', 'The result of the first request is no longer available.');
      }
      return { status: first.status as ContentfulStatusCode, body, replayed: true };
    }

    const answer = await work(tx);
    await tx.update(idempotencyKeys).set({ status: answer.status, resourceId: answer.resourceId }).where(thisKey);
    return { status: answer.status, body: answer.body, replayed: false };
  });
}
