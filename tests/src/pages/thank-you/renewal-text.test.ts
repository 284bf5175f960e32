import { i18n } from '@lingui/core';
import { describe, expect, test } from 'vitest';
import { renewalSentence } from '../../../../src/domain/renewal';
import { renewalText } from '../../../../src/pages/thank-you/renewal-text';
import { inSpanish } from '../../i18n/in-spanish';

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

describe('in English', () => {
  test('is the specification’s sentence for every day and both kinds of plan name', () => {
    i18n.activate('en');
    for (const plan of ['Ultimate Wash', 'Basic Plan', 'gold plan', '  Express  ']) {
      for (const day of DAYS) {
        const date = `2026-01-${String(day).padStart(2, '0')}`;
        expect(renewalText(plan, date)).toBe(renewalSentence(plan, date));
      }
    }
    expect(renewalText('Ultimate Wash', '2026-03-22')).toBe(
      'Your Ultimate Wash plan will renew on the 22nd of each month.',
    );
  });
});

describe('in Spanish', () => {
  inSpanish();

  test('says the day as Spanish dates do: the first day, then el día N', () => {
    expect(renewalText('Ultimate Wash', '2026-03-01')).toBe(
      'Su plan Ultimate Wash se renovará el primer día de cada mes.',
    );
    expect(renewalText('Ultimate Wash', '2026-03-02')).toBe('Su plan Ultimate Wash se renovará el día 2 de cada mes.');
    expect(renewalText('Ultimate Wash', '2026-03-22')).toBe('Su plan Ultimate Wash se renovará el día 22 de cada mes.');
    expect(renewalText('Ultimate Wash', '2026-03-31')).toBe('Su plan Ultimate Wash se renovará el día 31 de cada mes.');
  });

  test('puts "plan" before the name, and leaves a name that already says plan as it is', () => {
    expect(renewalText('Basic Plan', '2026-03-11')).toBe('Su Basic Plan se renovará el día 11 de cada mes.');
  });

  test('without a date, renews on today’s day of the month', () => {
    expect(renewalText('Gold', '', new Date(2026, 10, 3))).toBe('Su plan Gold se renovará el día 3 de cada mes.');
  });
});
