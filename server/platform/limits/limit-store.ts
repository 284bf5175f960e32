import { Redis } from 'ioredis';
import type { Database } from '../db/client';

/**
 * Where throttle counters live. One process on the embedded database counts in memory; instances sharing
 * PostgreSQL count in it (or in Redis when one is configured), atomically, so two instances allow one budget.
 */
export type LimitStore =
  { kind: 'memory' } | { kind: 'database'; db: Database['db'] } | { kind: 'redis'; client: Redis };

interface OpenedLimitStore {
  store: LimitStore;
  close: () => Promise<void>;
}

export function openLimitStore(options: { redisUrl: string | undefined; database: Database }): OpenedLimitStore {
  if (options.redisUrl) {
    // No offline queue: while Redis is away a count fails at once and the in-memory insurance counts instead,
    // rather than requests waiting on a reconnect.
    const client = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    // QUIT needs a connection: a client that is not connected is disconnected instead, or it keeps reconnecting.
    const close = async () => {
      if (client.status === 'ready') await client.quit().catch(() => undefined);
      client.disconnect();
    };
    return { store: { kind: 'redis', client }, close };
  }
  if (options.database.driver === 'postgres') {
    // Never the request pool: a request counts while its transaction holds a connection of it (db/client.ts).
    const db = options.database.countersDb ?? options.database.db;
    return { store: { kind: 'database', db }, close: () => Promise.resolve() };
  }
  return { store: { kind: 'memory' }, close: () => Promise.resolve() };
}
