import type { Survey } from '../domain/survey';
import { api } from './client';

/** Any status is an answer: the survey flow decides what a failure means (machines/survey). */
export function postSurvey(survey: Survey, idempotencyKey: string) {
  return api.post('surveys', {
    json: survey,
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}
