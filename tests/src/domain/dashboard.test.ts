import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RANGE_DAYS,
  dashboardQuerySchema,
  MAX_RANGE_DAYS,
  netPromoterScore,
  npsBand,
  responseRate,
} from '../../../src/domain/dashboard';
import { validate } from '../../../src/domain/validation';

describe('the NPS band of a recommend score', () => {
  it.each([
    [0, null],
    [1, 'detractor'],
    [6, 'detractor'],
    [7, 'passive'],
    [8, 'passive'],
    [9, 'promoter'],
    [10, 'promoter'],
  ])('puts %i in %s', (score, band) => {
    expect(npsBand(score)).toBe(band);
  });
});

describe('the net promoter score', () => {
  it('is null with no answer to count', () => {
    expect(netPromoterScore({ promoters: 0, passives: 0, detractors: 0 })).toBeNull();
  });

  it.each([
    [{ promoters: 5, passives: 3, detractors: 2 }, 30],
    [{ promoters: 0, passives: 4, detractors: 0 }, 0],
    [{ promoters: 1, passives: 0, detractors: 2 }, -33],
    [{ promoters: 2, passives: 0, detractors: 1 }, 33],
    [{ promoters: 2, passives: 1, detractors: 0 }, 67],
    [{ promoters: 3, passives: 0, detractors: 0 }, 100],
    [{ promoters: 0, passives: 1, detractors: 3 }, -75],
  ])('of %j is %i', (counts, score) => {
    expect(netPromoterScore(counts)).toBe(score);
  });
});

describe('the dashboard query', () => {
  it('shows 30 days by default and at most 400', () => {
    expect(DEFAULT_RANGE_DAYS).toBe(30);
    expect(MAX_RANGE_DAYS).toBe(400);
  });

  it.each([
    [{}],
    [{ from: '2026-03-01' }],
    [{ to: '2026-03-01' }],
    [{ from: '2026-03-01', to: '2026-03-01' }],
    [{ from: '2026-02-28', to: '2026-03-01', site: 'north' }],
  ])('takes %j', (query) => {
    expect(validate(dashboardQuerySchema, query)).toEqual({ ok: true, value: query });
  });

  it('refuses a range that ends before it starts', () => {
    expect(validate(dashboardQuerySchema, { from: '2026-03-02', to: '2026-03-01' })).toEqual({
      ok: false,
      errors: { '': 'from must not be after to' },
    });
  });
});

describe('the response rate (decision 038)', () => {
  it('is the respondents over the members offered the survey, and none when no one was', () => {
    expect(responseRate({ respondents: 1, offered: 2 })).toBe(0.5);
    expect(responseRate({ respondents: 2, offered: 2 })).toBe(1);
    expect(responseRate({ respondents: 0, offered: 3 })).toBe(0);
    expect(responseRate({ respondents: 0, offered: 0 })).toBeNull();
  });
});
