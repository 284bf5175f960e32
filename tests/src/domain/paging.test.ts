import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AFTER_MESSAGE,
  CREATION_KEY,
  encodeCursor,
  pageOf,
  pageQuerySchema,
  readCursor,
  recordId,
} from '../../../src/domain/paging';
import { validate } from '../../../src/domain/validation';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 200';
const ID = '0b9f3c1e-7f4a-4d6b-9a51-2c8e5d7f1a34';

describe('a page query', () => {
  it('is 50 records from the start by default', () => {
    expect(validate(pageQuerySchema, {})).toEqual({ ok: true, value: { limit: 50 } });
  });

  it.each([
    ['1', 1],
    ['200', 200],
    ['0007', 7],
  ])('takes limit=%s as %i', (limit, expected) => {
    expect(validate(pageQuerySchema, { limit })).toEqual({ ok: true, value: { limit: expected } });
  });

  it('continues after the cursor of the previous page', () => {
    const cursor = encodeCursor(['2026-03-10T12:00:00.123456Z', ID]);
    expect(validate(pageQuerySchema, { limit: '10', after: cursor })).toEqual({
      ok: true,
      value: { limit: 10, after: cursor },
    });
  });

  it.each([['0'], ['201'], ['9999'], ['12345'], ['-5'], ['1.5'], ['1e2'], [' 5'], ['5 '], ['0x10'], ['ten'], ['']])(
    'refuses limit=%j',
    (limit) => {
      expect(validate(pageQuerySchema, { limit })).toEqual({ ok: false, errors: { limit: LIMIT_MESSAGE } });
    },
  );

  it.each([
    ['a record id', ID],
    ['a number', '42'],
    ['text that is not base64url', 'not a cursor!'],
    ['base64url of no JSON', btoa('{').replace(/=+$/, '')],
    ['a key of one value', encodeCursor(['2026-03-10T12:00:00.123456Z'])],
    ['a key of one value too many', encodeCursor(['2026-03-10T12:00:00.123456Z', ID, ID])],
    ['the values in the wrong order', encodeCursor([ID, '2026-03-10T12:00:00.123456Z'])],
    ['a time to the millisecond', encodeCursor(['2026-03-10T12:00:00.123Z', ID])],
    ['a time with an offset', encodeCursor(['2026-03-10T12:00:00.123456+01:00', ID])],
    ['a day that does not exist', encodeCursor(['2026-02-30T12:00:00.000000Z', ID])],
    ['an hour that does not exist', encodeCursor(['2026-03-10T24:00:00.000000Z', ID])],
    ['the year 0', encodeCursor(['0000-01-01T00:00:00.000000Z', ID])],
    ['an id with a quote', encodeCursor(['2026-03-10T12:00:00.123456Z', "x' or '1'='1"])],
    ['a number for the id', encodeCursor(['2026-03-10T12:00:00.123456Z', 7])],
  ])('refuses as after %s', (_, after) => {
    expect(validate(pageQuerySchema, { after })).toEqual({ ok: false, errors: { after: AFTER_MESSAGE } });
  });
});

describe('a cursor', () => {
  it('gives back the values of the key it was made of', () => {
    const values = ['2026-03-10T12:00:00.123456Z', ID];
    expect(readCursor(encodeCursor(values), CREATION_KEY)).toEqual(values);
    expect(readCursor(encodeCursor([1, ...values]), ['rank', 'time', 'id'])).toEqual([1, ...values]);
  });

  it('is refused by a list of another key', () => {
    const inbox = encodeCursor([0, '2026-03-10T12:00:00.123456Z', ID]);
    expect(readCursor(inbox, CREATION_KEY)).toBeNull();
    expect(readCursor(encodeCursor([10, '2026-03-10T12:00:00.123456Z', ID]), ['rank', 'time', 'id'])).toBeNull();
    expect(readCursor(encodeCursor([0.5, '2026-03-10T12:00:00.123456Z', ID]), ['rank', 'time', 'id'])).toBeNull();
  });

  it('is made of URL-safe characters only, whatever the bytes', () => {
    // '>>>' and '???' are the JSON whose base64 holds '+' and '/'.
    for (const id of ['>>>', '???', ID]) expect(encodeCursor(['2026-03-10T12:00:00.123456Z', id])).toMatch(/^[\w-]+$/);
  });
});

describe('a record id', () => {
  it('is a UUID, refused with the message given', () => {
    const schema = recordId('Not a member');
    expect(v.parse(schema, ID)).toBe(ID);
    expect(v.safeParse(schema, 'm-1').issues?.map((issue) => issue.message)).toEqual(['Not a member']);
    expect(v.safeParse(schema, 7).issues?.map((issue) => issue.message)).toEqual(['Not a member']);
  });
});

describe('a page of results', () => {
  it('holds the results and the cursor of the next page, or null on the last', () => {
    const schema = pageOf(v.number());
    expect(v.parse(schema, { results: [1, 2], nextCursor: ID })).toEqual({ results: [1, 2], nextCursor: ID });
    expect(v.parse(schema, { results: [], nextCursor: null })).toEqual({ results: [], nextCursor: null });
    expect(v.is(schema, { results: ['1'], nextCursor: null })).toBe(false);
    expect(v.is(schema, { results: [1] })).toBe(false);
  });
});
