import type { Survey, SurveyQuestion } from '../../src/domain/survey';

export interface SurveyContext {
  survey: Survey;
  /** The link's `cid`, which the start takes only when the session has no customer (docs/spec.md §2). */
  linkCustomerId: string | null;
  /** One per submission: a double tap or a retry of it stores one survey. */
  idempotencyKey: string | null;
}

export interface SurveyInput {
  /** The customer this session completed the profile as. */
  sessionCustomerId: string | null;
  /** The `cid` query parameter of the link. */
  linkCustomerId: string | null;
}

export type SurveyEvent =
  | { type: 'score.chosen'; question: SurveyQuestion; score: number }
  | { type: 'comments.changed'; comments: string }
  | { type: 'user.submit' };

export interface SurveyRequest {
  survey: Survey;
  idempotencyKey: string;
}
