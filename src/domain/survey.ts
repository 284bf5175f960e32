import * as v from 'valibot';
import { pageOf } from './paging';
import { isBlank, plainText, UNSUPPORTED_CHARACTERS } from './validation';

export const SURVEY_QUESTIONS = [
  'recommendToOthersScore',
  'washQualityScore',
  'cleanlinessScore',
  'serviceScore',
  'valueScore',
] as const;

export type SurveyQuestion = (typeof SURVEY_QUESTIONS)[number];

/** docs/spec.md §2: the five questions, in order. */
export const SURVEY_QUESTION_TEXTS: Record<SurveyQuestion, string> = {
  recommendToOthersScore: 'How likely are you to recommend us to a friend or family member?',
  washQualityScore: 'How satisfied are you with the quality of your wash?',
  cleanlinessScore: 'How satisfied are you with the overall cleanliness of our site?',
  serviceScore: 'How satisfied are you that our service was courteous and attentive?',
  valueScore: 'How satisfied are you with the overall value for money?',
};

export const SURVEY_SCALE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

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

/** The survey response of docs/spec.md §3. docs/spec.md §5: no rule binds the customer; these bounds protect the data. */
export const surveySchema = v.object({
  id: v.optional(v.union([v.string(), v.number()])),
  customerId: v.pipe(
    v.string('customerId is required'),
    v.trim(),
    v.nonEmpty('customerId is required'),
    v.maxLength(64, 'customerId is too long'),
    plainText('customerId is not a customer id'),
  ),
  recommendToOthersScore: score,
  washQualityScore: score,
  cleanlinessScore: score,
  serviceScore: score,
  valueScore: score,
  comments: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(SURVEY_COMMENTS_MAX, `Comments must be at most ${SURVEY_COMMENTS_MAX} characters`),
      plainText(UNSUPPORTED_CHARACTERS),
      // A comment that shows nothing is no comment, and is stored as none: the database tells an empty survey
      // (below) by its empty text.
      v.transform((text) => (isBlank(text) ? '' : text)),
    ),
    '',
  ),
});

export type SurveySubmission = v.InferOutput<typeof surveySchema>;

/** The five scores, as answered: 0 for a question skipped. */
export const surveyScoresSchema = v.object({
  recommendToOthersScore: v.number(),
  washQualityScore: v.number(),
  cleanlinessScore: v.number(),
  serviceScore: v.number(),
  valueScore: v.number(),
} satisfies Record<SurveyQuestion, v.NumberSchema<undefined>>);

/** The survey record of docs/spec.md §3, as the form holds it. */
export const surveyRecordSchema = v.object({
  id: v.string(),
  customerId: v.string(),
  ...surveyScoresSchema.entries,
  comments: v.string(),
});
export type Survey = v.InferOutput<typeof surveyRecordSchema>;

/**
 * A survey with no score and no comment (decision 038). docs/spec.md §5 lets a customer send one, and it is stored
 * as sent, but it is no response: it counts in no figure but its own ("empty"), is not listed as feedback, sends no
 * `survey.submitted`, opens no case and invites to no review. A comment that shows nothing is no comment.
 */
export function isEmptySurvey(survey: Pick<Survey, SurveyQuestion | 'comments'>): boolean {
  return SURVEY_QUESTIONS.every((question) => survey[question] === 0) && isBlank(survey.comments);
}

/** A stored survey as the API answers it: the record and when it was taken. */
export const surveyAnswerSchema = v.object({ ...surveyRecordSchema.entries, createdAt: v.string() });

/**
 * `POST /api/surveys`' answer: the stored survey and the public review page its respondent is invited to (their
 * site's link), or null when the site has none. Every respondent gets the same invitation, whatever they answered;
 * an empty survey is no response, and invites to nothing (decision 038).
 */
export const storedSurveySchema = v.object({ ...surveyAnswerSchema.entries, reviewUrl: v.nullable(v.string()) });
export type StoredSurvey = v.InferOutput<typeof storedSurveySchema>;

/** The invitation to review the visit publicly that a stored survey's answer makes: the survey and the page. */
export interface ReviewInvitation {
  surveyId: string;
  url: string;
}

const invitationSchema = v.object({ id: v.string(), reviewUrl: v.pipe(v.string(), v.startsWith('https://')) });

/** The answer's invitation; null when it makes none, or when it cannot be read (an https page and its survey). */
export function reviewInvitationOf(answer: unknown): ReviewInvitation | null {
  const read = v.safeParse(invitationSchema, answer);
  return read.success ? { surveyId: read.output.id, url: read.output.reviewUrl } : null;
}

export const surveyPageSchema = pageOf(surveyAnswerSchema);

/** Every field of the survey record, in the order of docs/spec.md §3. */
export const SURVEY_FIELDS = [
  'id',
  'customerId',
  ...SURVEY_QUESTIONS,
  'comments',
] as const satisfies readonly (keyof Survey)[];

/** docs/spec.md §3: scores start at 0, comments empty; the form resets to this after a submit. */
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
