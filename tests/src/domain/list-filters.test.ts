import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema } from '../../../src/domain/dashboard';
import { DAY_MESSAGES, day, FIRST_DAY, LAST_DAY, SITE_ID_PATTERN, siteId } from '../../../src/domain/list-filters';
import { memberQuerySchema } from '../../../src/domain/members';
import { feedbackQuerySchema } from '../../../src/domain/feedback';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';

/** The first message `day` answers for `text`, or null when it takes it. */
const refusal = (text: string) => v.safeParse(day, text).issues?.[0]?.message ?? null;

describe('a day in a filter', () => {
  it.each([[FIRST_DAY], [LAST_DAY], ['2024-02-29'], ['2026-11-24']])('takes %s', (text) => {
    expect(refusal(text)).toBeNull();
  });

  it.each([
    ['0000-01-01', DAY_MESSAGES.range],
    ['1999-12-31', DAY_MESSAGES.range],
    ['2100-01-01', DAY_MESSAGES.range],
    ['9999-12-31', DAY_MESSAGES.range],
    ['2026-02-29', DAY_MESSAGES.day],
    ['2026-04-31', DAY_MESSAGES.day],
    ['2026-13-01', DAY_MESSAGES.format],
    ['26-11-24', DAY_MESSAGES.format],
    ['2026-11-24T00:00', DAY_MESSAGES.format],
    ['', DAY_MESSAGES.format],
  ])('refuses %j: %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('is the same rule on the members list, the feedback list and the dashboard', () => {
    for (const schema of [memberQuerySchema, feedbackQuerySchema, dashboardQuerySchema]) {
      expect(validate(schema, { to: '9999-12-31' })).toEqual({ ok: false, errors: { to: DAY_MESSAGES.range } });
      expect(validate(schema, { site: '7\u0000' })).toEqual({ ok: false, errors: { site: 'site is a site id' } });
    }
  });
});

describe("the members list's search", () => {
  it.each([['\u0000'], ['ada\u0000'], ['ada\u0007'], ['ana\tlopez'], ['ana\nlopez'], ['ada\u007f'], ['ada\u0085']])(
    'refuses %j',
    (q) => {
      expect(validate(memberQuerySchema, { q })).toEqual({ ok: false, errors: { q: UNSUPPORTED_CHARACTERS } });
    },
  );

  it('takes words, accents, digits and punctuation, trimmed', () => {
    expect(validate(memberQuerySchema, { q: "  O'Brien-Ñúñez 50% @ana.  " })).toMatchObject({
      ok: true,
      value: { q: "O'Brien-Ñúñez 50% @ana." },
    });
  });
});

describe('a site id in a filter', () => {
  const refusalOf = (text: unknown) => v.safeParse(siteId, text).issues?.[0]?.message ?? null;

  it.each([['north-1'], ['SOUTH_2'], ['7'], ['s'.repeat(40)]])('takes %j', (text) => {
    expect(v.parse(siteId, text)).toBe(text);
  });

  it.each([['a b'], ['north/1'], [' north'], ['north '], [''], ['s'.repeat(41)], ['ñandú'], [7]])(
    'refuses %j',
    (text) => {
      expect(refusalOf(text)).toBe('site is a site id');
    },
  );

  it('is letters, digits, _ and - only, 1 to 40 of them', () => {
    expect(SITE_ID_PATTERN.test('Site_9-x')).toBe(true);
    expect(SITE_ID_PATTERN.test('x!')).toBe(false);
    expect(SITE_ID_PATTERN.test('!x')).toBe(false);
  });
});
