import * as v from 'valibot';

const PAGE_SIZE = { default: 50, max: 200 } as const;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE.max}`;

/** Ids we create are UUIDs: anything else cannot name a record, and is refused before it reaches the database. */
export const recordId = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** `?limit=&after=`: a page of a list ordered by (created_at, id), continuing after the record `after` names. */
export const pageQuerySchema = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, LIMIT_MESSAGE),
      v.transform(Number),
      v.minValue(1, LIMIT_MESSAGE),
      v.maxValue(PAGE_SIZE.max, LIMIT_MESSAGE),
    ),
    String(PAGE_SIZE.default),
  ),
  after: v.optional(recordId('after must be the id of the last record of the previous page')),
});

/** A page of a list: `nextCursor` is the `after` of the next page, null on the last one. */
export interface Page<T> {
  results: T[];
  nextCursor: string | null;
}

/** The answer schema of a page of `item`s: what `Page` types. */
export const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({ results: v.array(item), nextCursor: v.nullable(v.string()) });
