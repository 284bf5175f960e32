import { describe, expect, it } from 'vitest';
import { MASK, masked } from '../../../src/lib/inspector-mask';

describe('what the inspector and the charts panel are given', () => {
  it('keeps the words that say what happened, and masks every other text, at any depth and in lists', () => {
    expect(
      masked({
        type: 'xstate.done.actor.submit',
        field: 'email',
        kind: 'found',
        status: 'active',
        value: 'rosa@example.com',
        output: { registration: { planName: 'Gold', mobileNumber: '+12015550143', amount: 29.99, isCompleted: false } },
        errors: ['Email is required', { kind: 'invalid', message: 'Rosa' }],
      }),
    ).toEqual({
      type: 'xstate.done.actor.submit',
      field: 'email',
      kind: 'found',
      status: 'active',
      value: MASK,
      output: { registration: { planName: MASK, mobileNumber: MASK, amount: 29.99, isCompleted: false } },
      errors: [MASK, { kind: 'invalid', message: MASK }],
    });
  });

  it('masks a text given alone, and leaves nothing else to mask', () => {
    expect(masked('Rosa Alvarez')).toBe(MASK);
    expect(masked(null)).toBeNull();
    expect(masked(7)).toBe(7);
  });
});
