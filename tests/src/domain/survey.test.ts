import { describe, expect, it } from 'vitest';
import {
  emptySurvey,
  isEmptySurvey,
  reviewInvitationOf,
  SURVEY_COMMENTS_MAX,
  SURVEY_FIELDS,
  SURVEY_QUESTION_TEXTS,
  SURVEY_QUESTIONS,
  SURVEY_SCALE,
  surveySchema,
} from '../../../src/domain/survey';
import { UNSUPPORTED_CHARACTERS, validate } from '../../../src/domain/validation';
import { quotedIn, specItem } from '../../support/spec-text';

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

describe('the survey of docs/spec.md §2 and §3', () => {
  it('asks the five questions in order, word for word, on a scale of 1 to 10', () => {
    const spec = quotedIn(specItem('Survey questions, in order:'));
    expect(spec).toHaveLength(5);
    expect(SURVEY_QUESTIONS.map((question) => SURVEY_QUESTION_TEXTS[question])).toEqual(spec);
    expect(SURVEY_SCALE).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('starts with every score at 0 and no comments', () => {
    const survey = emptySurvey('c-9');
    expect(Object.keys(survey)).toEqual([...SURVEY_FIELDS]);
    expect(SURVEY_QUESTIONS.map((question) => survey[question]).filter((score) => score !== 0)).toEqual([]);
    expect([survey.id, survey.customerId, survey.comments]).toEqual(['', 'c-9', '']);
    expect(emptySurvey().customerId).toBe('');
  });
});

describe('a submitted survey', () => {
  it('counts a question left out as unanswered and the comments as empty, and trims the customer id', () => {
    expect(validate(surveySchema, { customerId: '  c-1 ', recommendToOthersScore: 9 })).toEqual({
      ok: true,
      value: {
        customerId: 'c-1',
        recommendToOthersScore: 9,
        washQualityScore: 0,
        cleanlinessScore: 0,
        serviceScore: 0,
        valueScore: 0,
        comments: '',
      },
    });
  });

  it(`takes comments of ${SURVEY_COMMENTS_MAX} characters, line breaks included, and an id of either kind`, () => {
    const comments = `Great wash.\n${'x'.repeat(SURVEY_COMMENTS_MAX - 12)}`;
    expect(validate(surveySchema, { ...emptySurvey('c-1'), id: 12, comments })).toMatchObject({
      ok: true,
      value: { id: 12, comments },
    });
  });

  it.each([
    [{ customerId: 42 }, { customerId: 'customerId is required' }],
    [{ customerId: '   ' }, { customerId: 'customerId is required' }],
    [{ customerId: 'c'.repeat(65) }, { customerId: 'customerId is too long' }],
    [{ customerId: 'c-1\u0000' }, { customerId: 'customerId is not a customer id' }],
    [{ comments: 'x'.repeat(2001) }, { comments: 'Comments must be at most 2000 characters' }],
    [{ comments: 'ok\u0007' }, { comments: UNSUPPORTED_CHARACTERS }],
  ])('refuses %j with %j', (fields, errors) => {
    expect(validate(surveySchema, { ...emptySurvey('c-1'), ...fields })).toEqual({ ok: false, errors });
  });
});

describe('an empty survey (decision 038)', () => {
  it('has no score and no comment', () => {
    expect(isEmptySurvey(emptySurvey('c-1'))).toBe(true);
  });

  it.each([
    ['spaces and line breaks', ' \n\t '],
    ['a zero-width space', '\u200b'],
    ['a Braille blank and a no-break space', '\u2800\u00a0'],
  ])('has no comment when the comment is only %s', (_, comments) => {
    expect(isEmptySurvey({ ...emptySurvey('c-1'), comments })).toBe(true);
  });

  it.each(SURVEY_QUESTIONS)('is a response once %s is answered, whatever the score', (question) => {
    expect(isEmptySurvey({ ...emptySurvey('c-1'), [question]: 1 })).toBe(false);
    expect(isEmptySurvey({ ...emptySurvey('c-1'), [question]: 10 })).toBe(false);
  });

  it('is a response with a comment and no score', () => {
    expect(isEmptySurvey({ ...emptySurvey('c-1'), comments: 'ok' })).toBe(false);
    expect(isEmptySurvey({ ...emptySurvey('c-1'), comments: ' . ' })).toBe(false);
  });

  it('is stored with no comment when the comment shows nothing, and with the words as written otherwise', () => {
    const stored = (comments: string) => validate(surveySchema, { ...emptySurvey('c-1'), comments });
    expect(stored(' \u200b\n ')).toMatchObject({ ok: true, value: { comments: '' } });
    expect(stored('  Great wash \n')).toMatchObject({ ok: true, value: { comments: '  Great wash \n' } });
  });
});

describe("a stored survey's review invitation", () => {
  it('is the survey and its https review page', () => {
    expect(reviewInvitationOf({ id: 's-1', reviewUrl: 'https://g.page/r/x/review', comments: '' })).toEqual({
      surveyId: 's-1',
      url: 'https://g.page/r/x/review',
    });
  });

  it.each([
    ['no link', { id: 's-1', reviewUrl: null }],
    ['a link that is not https', { id: 's-1', reviewUrl: 'http://g.page/r/x/review' }],
    ['a script for a link', { id: 's-1', reviewUrl: 'javascript:alert(1)' }],
    ['no survey id', { reviewUrl: 'https://g.page/r/x/review' }],
    ['no answer at all', null],
  ])('is none with %s', (_, answer) => {
    expect(reviewInvitationOf(answer)).toBeNull();
  });
});
