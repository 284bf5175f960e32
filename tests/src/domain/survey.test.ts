import { describe, expect, it } from 'vitest';
import { emptySurvey, surveySchema } from '../../../src/domain/survey';
import { validate } from '../../../src/domain/validation';

describe('the survey schema', () => {
  it('accepts the initial survey of docs/spec.md §3 once it has a customer', () => {
    expect(validate(surveySchema, emptySurvey('c-1')).ok).toBe(true);
  });

  it('refuses a survey without a customer', () => {
    expect(validate(surveySchema, emptySurvey())).toEqual({
      ok: false,
      errors: { customerId: 'customerId is required' },
    });
  });

  it.each([0, 1, 5, 10])('accepts score %i', (score) => {
    expect(validate(surveySchema, { ...emptySurvey('c-1'), valueScore: score }).ok).toBe(true);
  });

  it.each([-1, 11, 3.5, '7', null])('refuses score %j', (score) => {
    expect(validate(surveySchema, { ...emptySurvey('c-1'), valueScore: score })).toEqual({
      ok: false,
      errors: { valueScore: 'Scores are whole numbers from 0 (unanswered) to 10' },
    });
  });
});
