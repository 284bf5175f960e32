import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * What of a PGlite a named statement needs beyond `query`: the wire protocol under the same locks `query` takes, and
 * the client's own parsers and serializers. The test suites' lent databases may answer only `query`, `exec` and
 * `transaction`; their statements then go the ordinary way.
 */
type ProtocolClient = Pick<
  PGlite,
  | 'query'
  | 'execProtocolStream'
  | '_runExclusiveQuery'
  | '_runExclusiveTransaction'
  | 'parsers'
  | 'serializers'
  | 'closed'
>;

const speaksProtocol = (client: object): client is ProtocolClient =>
  'execProtocolStream' in client &&
  '_runExclusiveQuery' in client &&
  '_runExclusiveTransaction' in client &&
  'parsers' in client &&
  'serializers' in client;

/** The statement is gone (a `DISCARD ALL`), or its cached plan no longer fits (the table changed under it). */
const STALE_STATEMENT = new Set(['26000', '0A000']);

const isStale = (error: unknown) => STALE_STATEMENT.has(String((error as { code?: unknown } | null)?.code));

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

export interface NamedStatements {
  /** Runs `text` as the statement `name` from now on. */
  prepare: (name: string, text: string) => void;
  /** The named statement for `text`, if one was asked for. */
  forText: (text: string) => NamedStatement | undefined;
}

export interface NamedStatement {
  run<T>(params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>>;
}

/**
 * `query` on PGlite parses and plans its statement every time, in six calls into the engine (parse, describe,
 * bind, describe, execute, sync): for a one-row read by a unique key, about three quarters of its cost. A named
 * statement is parsed once per session, and each run is one call: bind, describe, execute and sync together (as
 * node-postgres does with a named query on PostgreSQL). The run takes the locks `query` takes, so it waits for a
 * transaction under way and never interleaves with another statement. Undefined for a client that does not speak
 * the protocol.
 */
export function namedStatements(client: object): NamedStatements | undefined {
  if (!speaksProtocol(client)) return undefined;
  const byText = new Map<string, NamedStatement>();
  return {
    prepare(name, text) {
      if (!byText.has(text)) byText.set(text, namedStatement(client, name, text));
    },
    forText: (text) => byText.get(text),
  };
}

function namedStatement(client: ProtocolClient, name: string, text: string): NamedStatement {
  const { serialize } = protocol;
  const run = serialize.execute({});
  const describePortal = serialize.describe({ type: 'P' });
  const sync = serialize.sync();
  /** The parameters' type ids, once the statement is parsed in this session. */
  let parameterTypes: number[] | undefined;

  async function prepare(): Promise<number[]> {
    // Closing a statement that does not exist is no error: a session lent again may or may not still hold it.
    const messages = await client.execProtocolStream(
      concat([
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        sync,
      ]),
      { syncToFs: false },
    );
    return parse.parseDescribeStatementResults(messages);
  }

  async function execute<T>(params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const types = (parameterTypes ??= await prepare());
    // As `query` turns parameters into text: the client's serializer for the parameter's type, else its string.
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serializer = client.serializers[types[index]!];
      return serializer ? serializer(param) : (param as { toString(): string }).toString();
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: name, values }), describePortal, run, sync]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  return {
    async run<T>(params: unknown[] = [], options?: QueryOptions) {
      // A closed client answers as `query` does (it refuses); the protocol calls would fail less clearly.
      if (client.closed) return client.query<T>(text, params, options);
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          try {
            return await execute<T>(params, options);
          } catch (error) {
            if (!isStale(error)) throw error;
            parameterTypes = undefined;
            return execute<T>(params, options);
          }
        }),
      );
    },
  };
}
