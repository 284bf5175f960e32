import { SURVEY_FIELDS, type StoredSurvey, type Survey } from '../../../src/domain/survey';
import type { surveys } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';

/** A stored survey: the operator pages through them by when they came. */
export type SurveyRecord = Survey & { createdAt: string };

export const toSurvey = (row: typeof surveys.$inferSelect): SurveyRecord => ({
  ...pick(row, SURVEY_FIELDS),
  createdAt: row.createdAt.toISOString(),
});

/** The survey as its respondent's app is answered: with the review page they were invited to, if any. */
export const toStoredSurvey = (row: typeof surveys.$inferSelect): StoredSurvey => ({
  ...toSurvey(row),
  reviewUrl: row.reviewUrl,
});
