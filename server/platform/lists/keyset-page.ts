import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AFTER_MESSAGE, encodeCursor, readCursor, type CursorValue, type KeyPart } from '../../../src/domain/paging';
import { validationFailed } from '../http/api-error';

/** A list's order: the expressions of its sort key, what each holds, and one direction for all of them. */
export interface KeysetOrder {
  parts: readonly { expression: AnyColumn | SQL; part: KeyPart }[];
  direction: 'asc' | 'desc';
}

/** How a cursor's value is read back in SQL, as the type of the expression it is compared with. */
const SQL_TYPE: Record<KeyPart, string> = { time: 'timestamptz', id: 'text', rank: 'integer' };

/** The `order by` of the order. */
export const orderOf = (order: KeysetOrder): SQL[] =>
  order.parts.map(({ expression }) => (order.direction === 'asc' ? asc(expression) : desc(expression)));

/**
 * The rows after the cursor in the order: one row comparison with the values the cursor carries, which an index on
 * the key serves. Which record the cursor came from is never looked up (decision 041). A cursor of another shape
 * than the order's is refused as the query schema refuses it.
 */
export function afterCursor(order: KeysetOrder, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const values = readCursor(
    cursor,
    order.parts.map(({ part }) => part),
  );
  if (!values) throw validationFailed({ after: AFTER_MESSAGE });
  const columns = sql.join(
    order.parts.map(({ expression }) => sql`${expression}`),
    sql`, `,
  );
  const given = sql.join(
    order.parts.map(({ part }, i) => sql`cast(${values[i]} as ${sql.raw(SQL_TYPE[part])})`),
    sql`, `,
  );
  return order.direction === 'asc' ? sql`(${columns}) > (${given})` : sql`(${columns}) < (${given})`;
}

/** A part of the key as its cursor holds it: a time in UTC to the microsecond, as the database keeps it. */
const keyValue = ({ expression, part }: KeysetOrder['parts'][number]): SQL =>
  part === 'time'
    ? sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${expression}`;

/** The column a keyset list selects beside each row: its key's values, read by `keysetPage`. */
export const cursorKey = (order: KeysetOrder) =>
  sql<string>`json_build_array(${sql.join(order.parts.map(keyValue), sql`, `)})::text`;

/** The first `limit` of `limit + 1` rows, and the cursor of the last of them while one more was there. */
export function keysetPage<TRow extends { cursorKey: string }>(
  rows: TRow[],
  limit: number,
): { rows: TRow[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor(JSON.parse(last.cursorKey) as CursorValue[]) : null,
  };
}

/** What a list's query takes from its order: the key column to select, the condition, the order and the limit. */
export interface Keyset {
  /** Selected as `cursorKey` beside the row's columns. */
  cursorKey: SQL<string>;
  /** The rows after the cursor (undefined on the first page), to `and` with the list's filters. */
  after: SQL | undefined;
  orderBy: SQL[];
  /** One more than the page, to know whether another follows. */
  limit: number;
}

/**
 * One keyset page of a list: `select` runs the list's own query with the keyset's pieces (its columns, joins and
 * filters are its own); the rows come back cut to `limit` with the cursor of the next page.
 */
export async function readKeysetPage<TRow extends { cursorKey: string }>(
  order: KeysetOrder,
  page: { limit: number; after?: string | undefined },
  select: (keyset: Keyset) => Promise<TRow[]>,
): Promise<{ rows: TRow[]; nextCursor: string | null }> {
  const rows = await select({
    cursorKey: cursorKey(order),
    after: afterCursor(order, page.after),
    orderBy: orderOf(order),
    limit: page.limit + 1,
  });
  return keysetPage(rows, page.limit);
}
