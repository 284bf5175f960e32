import pg from 'pg';

export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a pooled one when all are busy. */
  connectMs: number;
  /** One statement, on the server. */
  statementMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { connectMs: 5000, statementMs: 10_000 };

const POOL_SIZE = 10;

/**
 * The client-side limit waits this much longer than `statement_timeout`, so that a merely slow statement is
 * cancelled by the server first (a clean 57014, the connection kept) and only a silent network trips the client.
 */
const QUERY_TIMEOUT_GRACE_MS = 1000;

/** node-postgres's own error when `query_timeout` passes; it has no code. */
const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * A pool whose every wait is bounded, so a stalled or unreachable PostgreSQL costs a request a few seconds and a
 * 503, never a hang, and which gets its connections back by itself once PostgreSQL answers again.
 */
export function createPostgresPool(connectionString: string, timeouts: DatabaseTimeouts, size = POOL_SIZE): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: size,
    // Bounds both a new connection and the wait for a pooled one when all are busy.
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // Our transactions never wait on anything but their own statements: a session idle inside one has lost its
    // request (a stalled network), and must not keep its row locks from everyone else.
    idle_in_transaction_session_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_GRACE_MS,
  });

  // An idle connection dropped by the server (a restart, a failover, a dropped database) emits 'error' on the
  // pool; unheard, it would crash the process. The pool discards that client and opens a new one when needed.
  pool.on('error', () => undefined);

  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));

  /**
   * Takes a broken client out of the pool now. Drizzle releases a transaction's client only if its `begin`
   * succeeded, and never with the error, so the pool would otherwise keep it: leaked when `begin` failed (ten
   * leaks and the pool is empty for good), or handed to the next request still waiting for the timed-out reply,
   * perhaps inside the old transaction. Its later `release()`, if any, must then do nothing.
   */
  const discard = (client: pg.PoolClient, error: Error) => {
    if (!checkedOut.has(client)) return;
    const release = client.release.bind(client);
    client.release = () => undefined;
    // With an error, the pool ends the client, which cuts the socket under the stuck query.
    release(error);
  };

  pool.on('connect', (client) => {
    // A connection lost while a request holds its client emits 'error' on the client, where the pool no longer
    // listens: unheard, it would crash the process. The request's query fails on its own.
    client.on('error', (error) => discard(client, error));

    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const discardOnTimeout = (error: unknown) => {
      if (error instanceof Error && error.message === QUERY_TIMEOUT_MESSAGE) discard(client, error);
    };
    client.query = ((...args: unknown[]) => {
      const callback = args.length > 1 ? args[args.length - 1] : undefined;
      if (typeof callback === 'function') {
        return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
          discardOnTimeout(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        });
      }
      const result = query(...args);
      // Registered before the caller's own handlers, so the client is gone before its rollback is sent: that
      // fails at once instead of waiting behind the stuck query for another timeout.
      if (result instanceof Promise) result.catch(discardOnTimeout);
      return result;
    }) as typeof client.query;
  });

  return pool;
}
