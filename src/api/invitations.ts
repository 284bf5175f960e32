import type { InvitationAnswer } from '../domain/invitations';
import { api } from './client';

/**
 * `GET /api/survey-invitations/{code}` (decision 053): the member's language and the visit's site. Any status is an
 * answer: what an unknown, used or expired link means is the survey flow's to decide (machines/survey).
 */
export async function getInvitation(code: string, signal: AbortSignal) {
  const client = await api();
  return client.get(`survey-invitations/${encodeURIComponent(code)}`, { signal, throwHttpErrors: false });
}

/** `POST /api/survey-invitations/{code}/survey`: the answer, once per Idempotency-Key, as postSurvey sends a survey. */
export async function postInvitationAnswer(code: string, answer: InvitationAnswer, idempotencyKey: string) {
  const client = await api();
  return client.post(`survey-invitations/${encodeURIComponent(code)}/survey`, {
    json: answer,
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}
