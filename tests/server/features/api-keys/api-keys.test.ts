import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, findKeyGrant, listApiKeys, revokeApiKey } from '../../../../server/features/api-keys/api-keys';
import type { Database } from '../../../../server/platform/db/client';
import { apiKeys } from '../../../../server/platform/db/schema';
import { hashToken } from '../../../../server/platform/values/tokens';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

describe.each(EMBEDDED_ONLY)('API keys as a service on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  const create = (name: string, sites: string[] = []) =>
    database.db.transaction((tx) =>
      createApiKey(tx, { name, scopes: ['registrations:issue', 'surveys:read'], sites }, 'owner-1'),
    );
  const stored = async (id: string) => (await database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;

  it('answers a new key once, storing only its hash, its prefix and who made it', async () => {
    const created = await create('Till 1', ['7', '9']);
    expect(created.key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Till 1',
      prefix: created.key.slice(0, 10),
      scopes: ['registrations:issue', 'surveys:read'],
      sites: ['7', '9'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.prefix).toHaveLength(10);
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const row = await stored(created.id);
    expect(row.keyHash).toBe(hashToken(created.key));
    expect(row.createdBy).toBe('owner-1');
  });

  it('lists every key newest first, revoked ones included', async () => {
    const older = await create('Older');
    const newer = await create('Newer');
    await database.db
      .update(apiKeys)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(apiKeys.id, older.id));
    await database.db
      .update(apiKeys)
      .set({ createdAt: new Date('2026-01-02T00:00:00Z') })
      .where(eq(apiKeys.id, newer.id));
    await database.db.transaction((tx) => revokeApiKey(tx, older.id));
    const listed = (await listApiKeys(database.db)).filter((key) => [older.id, newer.id].includes(key.id));
    expect(listed.map((key) => key.name)).toEqual(['Newer', 'Older']);
    expect(listed[0]).toEqual({
      id: newer.id,
      name: 'Newer',
      prefix: newer.prefix,
      scopes: ['registrations:issue', 'surveys:read'],
      sites: [],
      createdAt: '2026-01-02T00:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed[1]!.revokedAt).not.toBeNull();
  });

  it('revokes a key at once, keeps the first revocation time, and answers null for no such key', async () => {
    const key = await create('Revoked');
    const first = await database.db.transaction((tx) => revokeApiKey(tx, key.id, new Date('2026-03-01T10:00:00Z')));
    expect(first).toMatchObject({ id: key.id, name: 'Revoked', revokedAt: '2026-03-01T10:00:00.000Z' });
    const again = await database.db.transaction((tx) => revokeApiKey(tx, key.id, new Date('2026-03-02T10:00:00Z')));
    expect(again).toMatchObject({ id: key.id, revokedAt: '2026-03-01T10:00:00.000Z' });
    expect(await database.db.transaction((tx) => revokeApiKey(tx, 'no-such-key'))).toBeNull();
    expect(await findKeyGrant(database.db, key.key)).toBeNull();
  });

  it('grants a live key its scopes and sites, and nothing to an unknown or malformed secret', async () => {
    const key = await create('Grant', ['7']);
    expect(await findKeyGrant(database.db, key.key)).toEqual({
      id: key.id,
      name: 'Grant',
      scopes: ['registrations:issue', 'surveys:read'],
      sites: ['7'],
    });
    expect(await findKeyGrant(database.db, `${key.key}x`)).toBeNull();
    // A row whose secret lacks the prefix: never looked up, even though its hash is stored.
    await database.db
      .insert(apiKeys)
      .values({ id: 'bare', name: 'Bare', keyHash: hashToken('bare-secret'), prefix: 'bare-secre', scopes: [] });
    expect(await findKeyGrant(database.db, 'bare-secret')).toBeNull();
  });

  it('notes a use at most once a minute', async () => {
    const key = await create('Used');
    const start = new Date('2026-04-01T12:00:00.000Z');
    const lastUsed = async () => (await stored(key.id)).lastUsedAt?.toISOString();
    await findKeyGrant(database.db, key.key, start);
    expect(await lastUsed()).toBe('2026-04-01T12:00:00.000Z');
    await findKeyGrant(database.db, key.key, new Date(start.getTime() + 59_999));
    expect(await lastUsed()).toBe('2026-04-01T12:00:00.000Z');
    await findKeyGrant(database.db, key.key, new Date(start.getTime() + 60_001));
    expect(await lastUsed()).toBe('2026-04-01T12:01:00.001Z');
    expect((await listApiKeys(database.db)).find((listed) => listed.id === key.id)?.lastUsedAt).toBe(
      '2026-04-01T12:01:00.001Z',
    );
  });

  it('leaves a use exactly a minute after the last one unwritten (the database compares strictly)', async () => {
    const key = await create('Boundary');
    const start = new Date('2026-05-01T12:00:00.000Z');
    await findKeyGrant(database.db, key.key, start);
    await findKeyGrant(database.db, key.key, new Date(start.getTime() + 60_000));
    expect((await stored(key.id)).lastUsedAt?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
  });
});
