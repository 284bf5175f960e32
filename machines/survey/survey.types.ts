import type { ReviewInvitation, Survey, SurveyQuestion } from '../../src/domain/survey';

export interface SurveyContext {
  survey: Survey;
  /** The link's `cid`, which the start takes only when the session has no customer (docs/spec.md §2). */
  linkCustomerId: string | null;
  /** One per submission: a double tap or a retry of it stores one survey. */
  idempotencyKey: string | null;
  /**
   * The review page the stored survey's answer invited the customer to, shown in the thank-you dialog: made to every
   * respondent of a site that has one, whatever they answered (decision 025: asking only the happy ones is review gating).
   */
  review: ReviewInvitation | null;
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
