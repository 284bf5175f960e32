import * as v from 'valibot';

export const SURVEY_QUESTIONS = [
  'recommendToOthersScore',
  'washQualityScore',
  'cleanlinessScore',
  'serviceScore',
  'valueScore',
] as const;

export type SurveyQuestion = (typeof SURVEY_QUESTIONS)[number];

export const SURVEY_COMMENTS_MAX = 2000;

const SCORE_MESSAGE = 'Scores are whole numbers from 0 (unanswered) to 10';

const score = v.optional(
  v.pipe(
    v.number(SCORE_MESSAGE),
    v.integer(SCORE_MESSAGE),
    v.minValue(0, SCORE_MESSAGE),
    v.maxValue(10, SCORE_MESSAGE),
  ),
  0,
);

/** The survey response of spec §3. Spec §5: no rule binds the customer; these bounds protect the data. */
export const surveySchema = v.object({
  id: v.optional(v.union([v.string(), v.number()])),
  customerId: v.pipe(
    v.string('customerId is required'),
    v.trim(),
    v.nonEmpty('customerId is required'),
    v.maxLength(64, 'customerId is too long'),
  ),
  recommendToOthersScore: score,
  washQualityScore: score,
  cleanlinessScore: score,
  serviceScore: score,
  valueScore: score,
  comments: v.optional(
    v.pipe(v.string(), v.maxLength(SURVEY_COMMENTS_MAX, `Comments must be at most ${SURVEY_COMMENTS_MAX} characters`)),
    '',
  ),
});

export type SurveyInput = v.InferInput<typeof surveySchema>;

export interface Survey extends Record<SurveyQuestion, number> {
  id: string;
  customerId: string;
  comments: string;
}

/** Spec §3: scores start at 0, comments empty; the form resets to this after a submit. */
export function emptySurvey(customerId = ''): Survey {
  return {
    id: '',
    customerId,
    recommendToOthersScore: 0,
    washQualityScore: 0,
    cleanlinessScore: 0,
    serviceScore: 0,
    valueScore: 0,
    comments: '',
  };
}
