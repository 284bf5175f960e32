import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageOf, pageQuerySchema, recordId } from '../../../src/domain/paging';
import { validate } from '../../../src/domain/validation';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 200';
const AFTER_MESSAGE = 'after must be the id of the last record of the previous page';
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

  it('continues after a record named by its id', () => {
    expect(validate(pageQuerySchema, { limit: '10', after: ID })).toEqual({
      ok: true,
      value: { limit: 10, after: ID },
    });
  });

  it.each([['0'], ['201'], ['9999'], ['12345'], ['-5'], ['1.5'], ['1e2'], [' 5'], ['5 '], ['0x10'], ['ten'], ['']])(
    'refuses limit=%j',
    (limit) => {
      expect(validate(pageQuerySchema, { limit })).toEqual({ ok: false, errors: { limit: LIMIT_MESSAGE } });
    },
  );

  it.each([['42'], ['not-an-id'], [`${ID}x`]])('refuses after=%j', (after) => {
    expect(validate(pageQuerySchema, { after })).toEqual({ ok: false, errors: { after: AFTER_MESSAGE } });
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
