import type { Survey, SurveyQuestion } from '../../src/domain/survey';

export interface SurveyContext {
  survey: Survey;
  /** One per submission: a double tap or a retry of it stores one survey. */
  idempotencyKey: string | null;
}

export interface SurveyInput {
  customerId: string | null;
}

export type SurveyEvent =
  | { type: 'score.chosen'; question: SurveyQuestion; score: number }
  | { type: 'comments.changed'; comments: string }
  | { type: 'user.submit' };

export interface SurveyRequest {
  survey: Survey;
  idempotencyKey: string;
}
