import { describe, expect, it } from 'vitest';
import { CONSENT_FILTERS, memberQuerySchema, SCORE_BANDS } from '../../../src/domain/members';
import { feedbackQuerySchema } from '../../../src/domain/feedback';
import { validate } from '../../../src/domain/validation';

describe('the members list query', () => {
  it('filters by consent: texts, emails, neither, or a number that opted out of texts', () => {
    expect(CONSENT_FILTERS).toEqual(['sms', 'newsletter', 'none', 'sms_opted_out']);
    expect(validate(memberQuerySchema, { consent: 'newsletter', q: 'ada' })).toEqual({
      ok: true,
      value: { limit: 50, consent: 'newsletter', q: 'ada' },
    });
  });

  it('takes a search of 100 characters', () => {
    const q = 'a'.repeat(100);
    expect(validate(memberQuerySchema, { q })).toMatchObject({ ok: true, value: { q } });
  });

  it.each([
    [{ consent: 'email' }, { consent: 'consent is sms, newsletter, none or sms_opted_out' }],
    [{ q: 'a'.repeat(101) }, { q: 'Search for at most 100 characters' }],
    [{ limit: '0' }, { limit: 'limit must be a whole number from 1 to 200' }],
  ])('refuses %j with %j', (query, errors) => {
    expect(validate(memberQuerySchema, query)).toEqual({ ok: false, errors });
  });
});

describe('the feedback list query', () => {
  it('filters by the band of the recommend score', () => {
    expect(SCORE_BANDS).toEqual(['detractor', 'passive', 'promoter']);
    expect(validate(feedbackQuerySchema, { band: 'detractor', from: '2026-01-01', site: 'north' })).toEqual({
      ok: true,
      value: { limit: 50, band: 'detractor', from: '2026-01-01', site: 'north' },
    });
  });

  it('refuses another band', () => {
    expect(validate(feedbackQuerySchema, { band: 'neutral' })).toEqual({
      ok: false,
      errors: { band: 'band is detractor, passive or promoter' },
    });
  });

  it('filters by a theme the comments mention', () => {
    expect(validate(feedbackQuerySchema, { theme: 'wait_time', band: 'detractor' })).toEqual({
      ok: true,
      value: { limit: 50, theme: 'wait_time', band: 'detractor' },
    });
  });

  it.each(['rust', 'Wait time', 'other', ''])('refuses the theme %j', (theme) => {
    expect(validate(feedbackQuerySchema, { theme })).toEqual({
      ok: false,
      errors: {
        theme:
          'theme is wash_quality, damage, staff, wait_time, price_value, site_cleanliness, equipment or billing_membership',
      },
    });
  });
});
