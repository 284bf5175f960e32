import { types, type PGlite, type Transaction } from '@electric-sql/pglite';
import { PREPARE_NAMED } from './named-statements';
import { namedStatements } from './pglite-prepared';

type Parsers = PGlite['parsers'];

/** Element type of each array type drizzle reads as text; the scalar ones are their own. */
const DRIZZLE_TEXT_TYPES: ReadonlyMap<number, number | undefined> = new Map([
  [types.TIMESTAMP, undefined],
  [types.TIMESTAMPTZ, undefined],
  [types.INTERVAL, undefined],
  [types.DATE, undefined],
  [1231, types.NUMERIC],
  [1115, types.TIMESTAMP],
  [1185, types.TIMESTAMPTZ],
  [1187, types.INTERVAL],
  [1182, types.DATE],
]);

const asText = (value: string) => value;

/**
 * drizzle-orm/pglite sends these types' text to its own column classes, so it passes PGlite a parser for each with
 * every query (the list above is drizzle-orm 0.45's). PGlite then merges them into its table of some 300 parsers,
 * about 80 µs a query: as much as the rest of a one-row lookup. Instead the client's own table reads them as text,
 * drizzle's queries go without parsers of their own (`drizzleView`), and the one other reader of the client,
 * pg-boss, is handed back PGlite's defaults (the parsers answered here) with each of its queries.
 */
export function readDrizzleTypesAsText(client: PGlite): Parsers {
  const defaults: Parsers = {};
  for (const [type, element] of DRIZZLE_TEXT_TYPES) {
    // An array's default parser looks its element's up at call time, which is text from now on: bind the default.
    const elementParser = element === undefined ? undefined : client.parsers[element];
    defaults[type] =
      element === undefined
        ? (client.parsers[type] ?? asText)
        : (value: string) => types.arrayParser(value, elementParser ?? asText, type) as unknown;
  }
  for (const type of DRIZZLE_TEXT_TYPES.keys()) client.parsers[type] = asText;
  return defaults;
}

type Queryable = Pick<PGlite | Transaction, 'query'>;

/**
 * The client as drizzle sees it: the same queries and transactions, without the per-query parsers; a statement
 * named with `preparedByName` (named-statements.ts) runs as a named statement, parsed and planned once
 * (pglite-prepared.ts), where the client speaks the wire protocol (not inside a transaction).
 */
export function drizzleView<T extends Queryable>(client: T): T {
  const named = namedStatements(client);
  const query: Queryable['query'] = (text, params, options) => {
    const queryOptions = options && { ...options, parsers: undefined };
    const statement = named?.forText(text);
    return statement ? statement.run(params, queryOptions) : client.query(text, params, queryOptions);
  };
  const view = { query, [PREPARE_NAMED]: named?.prepare } as Queryable & { transaction?: PGlite['transaction'] };
  if ('transaction' in client && typeof client.transaction === 'function') {
    const transaction = client.transaction.bind(client) as PGlite['transaction'];
    view.transaction = (work) => transaction((tx) => work(drizzleView(tx)));
  }
  return view as T;
}
