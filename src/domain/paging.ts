import * as v from 'valibot';

const PAGE_SIZE = { default: 50, max: 200 } as const;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${PAGE_SIZE.max}`;
export const AFTER_MESSAGE = 'after must be the nextCursor of the previous page, as it was given';

/** Ids we create are UUIDs: anything else cannot name a record, and is refused before it reaches the database. */
export const recordId = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** A time as a cursor holds it: UTC, to the microsecond the database keeps (a millisecond would skip rows). */
const CURSOR_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A day and time that exist (not 30 February, not 24:00), so the database never refuses what passed here. */
function isCalendarTime(text: string): boolean {
  const toTheMillisecond = text.slice(0, 23);
  const ms = Date.parse(`${toTheMillisecond}Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 23) === toTheMillisecond;
}

/** What each part of a sort key holds, as a cursor carries it. */
const KEY_PARTS = {
  time: v.pipe(v.string(), v.regex(CURSOR_TIME), v.check(isCalendarTime)),
  /** A record id as stored: a value to compare with, never looked up. */
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)),
  /** A small rank in front of the key (the inbox's overdue-first). */
  rank: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)),
} as const;
export type KeyPart = keyof typeof KEY_PARTS;
export type CursorValue = string | number;

/** The key of a list ordered by when its records were made: (created_at, id). */
export const CREATION_KEY = ['time', 'id'] as const satisfies readonly KeyPart[];

const BASE64URL = /^[\w-]{1,400}$/;

/**
 * A cursor is the sort key of the last record of a page, its values as base64url JSON (decision 041): the next page
 * is found by comparing keys, never by looking a record up, so a cursor says nothing of which records exist.
 */
export function encodeCursor(values: readonly CursorValue[]): string {
  return btoa(JSON.stringify(values)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The values of a cursor of this key's shape, or null for anything else. */
export function readCursor(text: string, key: readonly KeyPart[]): CursorValue[] | null {
  if (!BASE64URL.test(text)) return null;
  let values: unknown;
  try {
    values = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return null;
  }
  const result = v.safeParse(v.strictTuple(key.map((part) => KEY_PARTS[part])), values);
  return result.success ? result.output : null;
}

/** `?limit=&after=`: a page of a list ordered by `key`, continuing after the cursor `after`. */
export const keysetQuery = (key: readonly KeyPart[]) =>
  v.object({
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
    after: v.optional(
      v.pipe(
        v.string(AFTER_MESSAGE),
        v.regex(BASE64URL, AFTER_MESSAGE),
        v.check((text) => readCursor(text, key) !== null, AFTER_MESSAGE),
        v.description('The `nextCursor` of the previous page.'),
      ),
    ),
  });

/** A page of a list by creation, oldest or newest first. */
export const pageQuerySchema = keysetQuery(CREATION_KEY);

/** A page of a list: `nextCursor` is the `after` of the next page, null on the last one. */
export interface Page<T> {
  results: T[];
  nextCursor: string | null;
}

/** The answer schema of a page of `item`s: what `Page` types. */
export const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({ results: v.array(item), nextCursor: v.nullable(v.string()) });
