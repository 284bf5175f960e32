/**
 * Where the client drizzle runs on takes the statements to keep prepared by name: PGlite's view does
 * (pglite-text-types.ts); node-postgres needs nothing more than drizzle's own `.prepare(name)`, which names the
 * statement on each pooled connection.
 */
export const PREPARE_NAMED = Symbol.for('club-profile.prepare-named');

type Preparing = { [PREPARE_NAMED]?: (name: string, text: string) => void };

/**
 * A read that runs on every request, prepared once by `name` on whichever engine `db` runs: drizzle's prepared query
 * builds its SQL once, and this has the engine parse and plan it once too. Answers `query` itself.
 */
// `db` is any drizzle database (client.ts's `Db`), typed by what is read of it: client.ts imports the PGlite view that
// imports this file.
export function preparedByName<Q extends { getQuery(): { sql: string } }>(db: object, name: string, query: Q): Q {
  const client = (db as { $client?: Preparing }).$client;
  client?.[PREPARE_NAMED]?.(name, query.getQuery().sql);
  return query;
}
