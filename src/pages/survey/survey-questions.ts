import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SurveyQuestion } from '../../domain/survey';

/** docs/spec.md §2's five questions; English is SURVEY_QUESTION_TEXTS word for word (a test holds them together). */
export const SURVEY_QUESTION_LABELS: Record<SurveyQuestion, MessageDescriptor> = {
  recommendToOthersScore: msg`How likely are you to recommend us to a friend or family member?`,
  washQualityScore: msg`How satisfied are you with the quality of your wash?`,
  cleanlinessScore: msg`How satisfied are you with the overall cleanliness of our site?`,
  serviceScore: msg`How satisfied are you that our service was courteous and attentive?`,
  valueScore: msg`How satisfied are you with the overall value for money?`,
};
