/**
 * Tells "the database is not there right now" (the caller should retry: 503) from every other failure (a bug:
 * 500). Drizzle wraps the driver's error (`DrizzleQueryError` with `cause`), and a failed connection to a host
 * with several addresses is an `AggregateError`, so the whole chain is searched.
 */

/** Seconds a client is asked to wait (`Retry-After`) before trying again: about one connect timeout. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of the connection to PostgreSQL: refused, reset, unreachable or unresolvable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs outside class 08 (connection exception) that also mean "the server cannot serve us now". */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: a restart or failover
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
  '57014', // query_canceled: our statement_timeout
  '25P03', // idle_in_transaction_session_timeout: the session was ended under a stalled request
]);

/**
 * node-postgres reports its own timeouts and lost connections as bare Errors with no code: their fixed messages
 * are all there is to recognise them by. The label is what gets logged, never the message itself.
 */
const DRIVER_MESSAGES = new Map([
  ['Query read timeout', 'query_timeout'],
  ['timeout expired', 'connect_timeout'],
  ['Connection terminated due to connection timeout', 'connect_timeout'],
  ['timeout exceeded when trying to connect', 'pool_timeout'],
  ['Connection terminated unexpectedly', 'connection_terminated'],
  ['Connection terminated', 'connection_terminated'],
  ['Client has encountered a connection error and is not queryable', 'connection_lost'],
  // A client discarded after a timeout (see postgres-pool.ts) answers this to the rollback that follows.
  ['Client was closed and is not queryable', 'connection_discarded'],
]);

function ownReason(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return code;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? DRIVER_MESSAGES.get(message) : undefined;
}

/**
 * Why the database counts as unavailable for `error` (a SQLSTATE, a socket error code or one of the driver
 * labels above; safe to log), or undefined when it does not.
 */
export function unavailableReason(error: unknown): string | undefined {
  const seen = new Set<object>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const next = pending.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    const reason = ownReason(next);
    if (reason) return reason;
    pending.push((next as { cause?: unknown }).cause);
    const errors = (next as { errors?: unknown }).errors;
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return unavailableReason(error) !== undefined;
}
