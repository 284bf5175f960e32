import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from '../../../../server/platform/db/unavailable';

/** What node-postgres throws for a server error: an Error carrying the SQLSTATE as `code`. */
const serverError = (code: string) => Object.assign(new Error('server said no'), { code });
/** What drizzle throws for any failed query: the driver's error is its `cause`. */
const wrapped = (cause: unknown) =>
  new DrizzleQueryError('insert into customers values ($1)', ['Dana'], cause as Error);

describe('a database that is away or stalled', () => {
  it.for([
    ['connection exception (class 08)', serverError('08006'), '08006'],
    ['shutting down for a restart', serverError('57P01'), '57P01'],
    ['crash shutdown', serverError('57P02'), '57P02'],
    ['starting up', serverError('57P03'), '57P03'],
    ['too many connections', serverError('53300'), '53300'],
    ['our statement_timeout', serverError('57014'), '57014'],
    ['our idle-in-transaction timeout', serverError('25P03'), '25P03'],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'ECONNREFUSED'],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'ECONNRESET'],
    ['the driver gave up on a reply', new Error('Query read timeout'), 'query_timeout'],
    ['the driver gave up connecting', new Error('Connection terminated due to connection timeout'), 'connect_timeout'],
    ['no pooled connection came free', new Error('timeout exceeded when trying to connect'), 'pool_timeout'],
    ['the server hung up', new Error('Connection terminated unexpectedly'), 'connection_terminated'],
  ] as const)('%s, wrapped by drizzle or not', ([, error, reason]) => {
    expect(unavailableReason(error)).toBe(reason);
    expect(unavailableReason(wrapped(error))).toBe(reason);
    expect(isDatabaseUnavailable(wrapped(wrapped(error)))).toBe(true);
  });

  it('finds a refusal inside the AggregateError of a host with several addresses', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(unavailableReason(wrapped(new AggregateError([refused('::1'), refused('127.0.0.1')])))).toBe('ECONNREFUSED');
  });
});

describe('every other failure', () => {
  it.for([
    ['a unique violation', wrapped(serverError('23505'))],
    ['a syntax error', wrapped(serverError('42601'))],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a closed embedded database', new Error('PGlite is closed')],
    ['something that is not an error', 'Query read timeout'],
    ['nothing', undefined],
  ] as const)('%s is not unavailability', ([, error]) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on an error that is its own cause', () => {
    const loop: Error & { cause?: unknown } = new Error('loop');
    loop.cause = loop;
    expect(isDatabaseUnavailable(loop)).toBe(false);
  });
});
