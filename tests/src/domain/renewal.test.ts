import { describe, expect, it } from 'vitest';
import { ordinal, planLabel, renewalDay, renewalSentence } from '../../../src/domain/renewal';

describe('the renewal sentence of the thank-you page', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [20, '20th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [24, '24th'],
    [28, '28th'],
    [29, '29th'],
    [30, '30th'],
    [31, '31st'],
  ])('writes day %i as %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected);
  });

  it.each([
    ['Unlimited Wash Club', 'Unlimited Wash Club plan'],
    ['Basic Plan', 'Basic Plan'],
    ['Ceramic PLAN', 'Ceramic PLAN'],
    ['Deluxe plan', 'Deluxe plan'],
    ['Platinum', 'Platinum plan'],
    ['Airplane', 'Airplane plan'],
    ['Superplan', 'Superplan'],
    ['  Gold  ', 'Gold plan'],
  ])('names plan %j as %j', (name, expected) => {
    expect(planLabel(name)).toBe(expected);
  });

  const today = new Date(2026, 10, 22, 23, 30);

  it.each([
    ['2026-12-01', 1],
    ['2026-12-31', 31],
    ['2027-02-28', 28],
    ['2026-11-30T00:00:00.000Z', 30],
    [' 2026-12-05 ', 5],
    ['', 22],
    ['not a date', 22],
    ['renews 2026-12-05', 22],
    ['2026-12-00', 22],
    ['2026-12-32', 22],
  ])('reads the day of %j as %i (today is the 22nd)', (rechargeDate, day) => {
    expect(renewalDay(rechargeDate, today)).toBe(day);
  });

  it('says it in one sentence', () => {
    expect(renewalSentence('Basic Plan', '2026-12-03', today)).toBe(
      'Your Basic Plan will renew on the 3rd of each month.',
    );
    expect(renewalSentence('Unlimited Wash Club', '', today)).toBe(
      'Your Unlimited Wash Club plan will renew on the 22nd of each month.',
    );
  });
});
