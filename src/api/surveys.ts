import type { Survey } from '../domain/survey';
import { api } from './client';

/** Any status is an answer: the survey flow decides what a failure means (machines/survey). */
export async function postSurvey(survey: Survey, idempotencyKey: string) {
  const client = await api();
  return client.post('surveys', {
    json: survey,
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}

/**
 * Counts the customer opening the review page they were invited to. Sent as they leave for it (`keepalive`
 * outlives the tab switch); whatever happens to it, nothing changes for them.
 */
export function countReviewOpened(surveyId: string): void {
  api()
    .then((client) =>
      client.post(`surveys/${encodeURIComponent(surveyId)}/review-opened`, { keepalive: true, throwHttpErrors: false }),
    )
    .catch(() => {});
}
