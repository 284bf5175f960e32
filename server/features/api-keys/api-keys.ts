import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, CreatedApiKey, NewApiKey } from '../../../src/domain/api-keys';
import type { Db, Tx } from '../../platform/db/client';
import { apiKeys } from '../../platform/db/schema';
import { isoOrNull } from '../../platform/values/iso-time';
import { hashToken, newId } from '../../platform/values/tokens';
import { ensureSites } from '../sites/sites';

/** A key's first characters, shown beside its name so an owner can match it with a till's settings. */
const PREFIX_LENGTH = 10;
/** How stale `last_used_at` may get: a till calling every second writes it once a minute, not every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** What an authenticated key may do: its id (for the audit log and the registrations it issues), scopes and sites. */
export interface KeyGrant {
  id: string;
  name: string;
  scopes: readonly ApiKeyScope[];
  /** Empty: every site. */
  sites: readonly string[];
}

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  sites: row.sites,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: isoOrNull(row.lastUsedAt),
  revokedAt: isoOrNull(row.revokedAt),
});

/** 256 random bits, with a prefix that says what it is (secret scanners and people both recognise it). */
const newKeySecret = () => `cpk_${randomBytes(32).toString('base64url')}`;

export async function createApiKey(tx: Tx, input: NewApiKey, createdBy: string | null): Promise<CreatedApiKey> {
  const key = newKeySecret();
  const [row] = await tx
    .insert(apiKeys)
    .values({
      id: newId(),
      name: input.name,
      keyHash: hashToken(key),
      prefix: key.slice(0, PREFIX_LENGTH),
      scopes: [...input.scopes],
      sites: [...input.sites],
      createdBy,
    })
    .returning();
  await ensureSites(tx, input.sites);
  return { ...toApiKey(row!), key };
}

/** Every key, newest first, revoked ones included (they stay for the audit log's sake). */
export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKey);
}

/** Revokes a key at once; revoking it again changes nothing. Null when there is no such key. */
export async function revokeApiKey(tx: Tx, id: string, now = new Date()): Promise<ApiKey | null> {
  const [revoked] = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning();
  if (revoked) return toApiKey(revoked);
  const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row ? toApiKey(row) : null;
}

/**
 * The grant of a key presented as a bearer token, or null for no live key. Found by the hash's unique index, so
 * the comparison is the database's and learns nothing from timing about any other key. Notes the use.
 */
export async function findKeyGrant(db: Db, secret: string, now = new Date()): Promise<KeyGrant | null> {
  if (!secret.startsWith('cpk_')) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashToken(secret)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_RESOLUTION_MS))),
        ),
      );
  }
  return { id: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[], sites: row.sites };
}
