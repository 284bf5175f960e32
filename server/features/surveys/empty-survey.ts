import { and, eq, not, type SQL } from 'drizzle-orm';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../src/domain/survey';
import { surveys } from '../../platform/db/schema';

/** Each question's column. */
export const SCORE_COLUMNS: Record<SurveyQuestion, typeof surveys.washQualityScore> = {
  recommendToOthersScore: surveys.recommendToOthersScore,
  washQualityScore: surveys.washQualityScore,
  cleanlinessScore: surveys.cleanlinessScore,
  serviceScore: surveys.serviceScore,
  valueScore: surveys.valueScore,
};

/**
 * src/domain/survey.ts' `isEmptySurvey` as the database asks it (decision 038): every score 0 and no comment. The
 * survey schema stores a comment that shows nothing as none, so an empty text is the whole test.
 */
export const isEmptySurveyRow: SQL = and(
  ...SURVEY_QUESTIONS.map((question) => eq(SCORE_COLUMNS[question], 0)),
  eq(surveys.comments, ''),
)!;

/** A survey that is a response: it has a score or a comment, and counts as feedback. */
export const isSurveyResponse: SQL = not(isEmptySurveyRow);
