import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Plain SQL text with `$1…$n` parameters, the interface pg-boss runs on (its `db` option). Its maintenance sends
 * several statements in one text without parameters; on PGlite that takes `exec`, which answers one result each.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** `parsers`: PGlite's defaults for the types the client reads as text for drizzle (see pglite-text-types.ts). */
export const pgliteExecutor = (client: PGlite, parsers?: PGlite['parsers']): SqlExecutor => ({
  async executeSql(text, values) {
    const options = parsers && { parsers };
    if (values?.length) return client.query<Record<string, unknown>>(text, values, options);
    const results = await client.exec(text, options);
    return { rows: results.at(-1)?.rows ?? [] };
  },
});

export const postgresExecutor = (pool: pg.Pool | pg.Client): SqlExecutor => ({
  async executeSql(text, values) {
    type Result = pg.QueryResult<Record<string, unknown>>;
    const result = (await pool.query(text, values)) as unknown as Result | Result[];
    // Several statements answer one result each: the last one is what was asked for.
    const last = Array.isArray(result) ? result.at(-1) : result;
    return { rows: last?.rows ?? [] };
  },
});
