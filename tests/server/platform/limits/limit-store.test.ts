import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { openLimitStore } from '../../../../server/platform/limits/limit-store';

/** Only what openLimitStore reads of a database: its driver and its connections. */
const fakeDatabase = (fields: Partial<Database>) => fields as Database;
const requestDb = { name: 'request pool' } as unknown as Database['db'];
const countersDb = { name: 'counters pool' } as unknown as Database['db'];

describe('where throttle counters live', () => {
  it('counts in memory on the embedded database', async () => {
    const opened = openLimitStore({ redisUrl: undefined, database: fakeDatabase({ driver: 'pglite', db: requestDb }) });
    expect(opened.store).toEqual({ kind: 'memory' });
    await expect(opened.close()).resolves.toBeUndefined();
  });

  it("counts in PostgreSQL on the counters' own pool, never the request pool", async () => {
    const opened = openLimitStore({
      redisUrl: undefined,
      database: fakeDatabase({ driver: 'postgres', db: requestDb, countersDb }),
    });
    expect(opened.store).toEqual({ kind: 'database', db: countersDb });
    await expect(opened.close()).resolves.toBeUndefined();
  });

  it('counts in PostgreSQL on its one pool when it has no counters pool', () => {
    const opened = openLimitStore({
      redisUrl: undefined,
      database: fakeDatabase({ driver: 'postgres', db: requestDb }),
    });
    expect(opened.store).toEqual({ kind: 'database', db: requestDb });
  });

  it('counts in Redis when one is configured, failing fast while it is away, and closes quietly', async () => {
    const opened = openLimitStore({
      redisUrl: 'redis://127.0.0.1:1',
      database: fakeDatabase({ driver: 'postgres', db: requestDb, countersDb }),
    });
    expect(opened.store.kind).toBe('redis');
    const client = opened.store.kind === 'redis' ? opened.store.client : undefined;
    expect(client?.options).toMatchObject({ enableOfflineQueue: false, maxRetriesPerRequest: 1, port: 1 });
    // Connection errors are swallowed (an unhandled 'error' event would fail this run), and a command fails at once.
    await expect(client!.get('anything')).rejects.toThrow();
    await expect(opened.close()).resolves.toBeUndefined();
    // Closed means closed: it stops trying to reconnect to a Redis it never reached.
    await expect.poll(() => client!.status).toBe('end');
  });
});
