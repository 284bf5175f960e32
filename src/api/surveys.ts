import type { Survey } from '../domain/survey';
import { api } from './client';

export function submitSurvey(survey: Survey, idempotencyKey: string): Promise<Survey> {
  return api.post('surveys', { json: survey, headers: { 'Idempotency-Key': idempotencyKey } }).json<Survey>();
}
