import type { Context } from 'hono';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { rateLimits } from '../../../../server/platform/db/schema';
import { ApiError } from '../../../../server/platform/http/api-error';
import type { LimitStore } from '../../../../server/platform/limits/limit-store';
import { Throttle } from '../../../../server/platform/limits/throttle';
import { openTestDatabase } from '../../helpers/test-database';

const BUDGET = { name: 'test-budget', points: 3, seconds: 120, message: 'Slow down, please.' };

function fakeContext() {
  const headers = new Map<string, string>();
  const context = { header: (name: string, value: string) => headers.set(name, value) } as unknown as Context;
  return { context, headers };
}

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'allowed',
    (error: unknown) => error,
  );

describe('a throttle counting in memory', () => {
  const store: LimitStore = { kind: 'memory' };

  it('takes its budget of points, then answers 429 with its message and a Retry-After of its window', async () => {
    const throttle = new Throttle(store, BUDGET);
    const { context, headers } = fakeContext();
    for (let i = 0; i < 3; i += 1) expect(await outcome(throttle.take(context, 'a'))).toBe('allowed');
    expect(headers.has('Retry-After')).toBe(false);
    const refused = await outcome(throttle.take(context, 'a'));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', message: 'Slow down, please.' });
    expect(headers.get('Retry-After')).toBe('120');
  });

  it('spends its budget for work that is skipped past it: true within, false after, nothing thrown', async () => {
    const throttle = new Throttle(store, BUDGET);
    expect([await throttle.spend('s'), await throttle.spend('s'), await throttle.spend('s')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await throttle.spend('s')).toBe(false);
    // Another key has its own budget.
    expect(await throttle.spend('t')).toBe(true);
  });

  it('checks without counting: it refuses only once the budget is spent', async () => {
    const throttle = new Throttle(store, BUDGET);
    const { context, headers } = fakeContext();
    // Never counted: checking over and over spends nothing.
    for (let i = 0; i < 5; i += 1) expect(await outcome(throttle.check(context, 'b'))).toBe('allowed');
    await throttle.take(context, 'b');
    await throttle.take(context, 'b');
    expect(await outcome(throttle.check(context, 'b'))).toBe('allowed');
    await throttle.take(context, 'b');
    const refused = await outcome(throttle.check(context, 'b'));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited', message: 'Slow down, please.' });
    expect(headers.get('Retry-After')).toBe('120');
  });
});

describe('a throttle counting in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  // A key may be a customer's id or a client's address: a counter outliving an erasure must not name them.
  it('keeps its counts in rate_limits, each under its own throttle name and a hash of the key, never the key', async () => {
    const store: LimitStore = { kind: 'database', db: database.db };
    const throttle = new Throttle(store, BUDGET);
    const other = new Throttle(store, { ...BUDGET, name: 'other-budget', points: 1 });
    const { context, headers } = fakeContext();
    const customerId = '0b9f3c1e-7f4a-4d6b-9a51-2c8e5d7f1a34';
    for (let i = 0; i < 3; i += 1) await throttle.take(context, customerId);
    await other.take(context, customerId);
    const rows = await database.db.select().from(rateLimits);
    expect(rows.map(({ key, points }) => ({ key, points })).sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: expect.stringMatching(/^other-budget:[\w-]{43}$/), points: 1 },
      { key: expect.stringMatching(/^test-budget:[\w-]{43}$/), points: 3 },
    ]);
    expect(rows.map(({ key }) => key).join('\n')).not.toContain(customerId);
    // One key, one hash: both budgets count the same caller.
    expect(new Set(rows.map(({ key }) => key.split(':')[1])).size).toBe(1);
    const refused = await outcome(throttle.take(context, customerId));
    expect(refused).toMatchObject({ status: 429, message: 'Slow down, please.' });
    expect(headers.get('Retry-After')).toBe('120');
  });

  it('passes on a failure of the store itself rather than refusing or allowing', async () => {
    const away = {
      insert: () => {
        throw new Error('the database is away');
      },
    } as unknown as Database['db'];
    const throttle = new Throttle({ kind: 'database', db: away }, BUDGET);
    const { context, headers } = fakeContext();
    const failed = await outcome(throttle.take(context, 'key-2'));
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ message: 'the database is away' });
    expect(headers.has('Retry-After')).toBe(false);
    await expect(throttle.spend('key-2')).rejects.toThrow('the database is away');
  });
});

describe('a throttle counting in a Redis that cannot be reached', () => {
  let client: Redis;
  beforeAll(() => {
    // Nothing listens on port 1: every command fails at once, and the throttle counts in its own memory instead.
    client = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    client.on('error', () => undefined);
  });
  afterAll(() => client.disconnect());

  it('still allows the same budget, then refuses', async () => {
    const throttle = new Throttle({ kind: 'redis', client }, BUDGET);
    const { context, headers } = fakeContext();
    for (let i = 0; i < 3; i += 1) expect(await outcome(throttle.take(context, 'c'))).toBe('allowed');
    expect(await outcome(throttle.take(context, 'c'))).toMatchObject({ status: 429, message: 'Slow down, please.' });
    expect(headers.get('Retry-After')).toBe('120');
  });
});
