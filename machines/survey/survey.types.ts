import type { InvitationAnswer, InvitationLookup, InvitationRefusal } from '../../src/domain/invitations';
import type { ReviewInvitation, Survey, SurveyQuestion } from '../../src/domain/survey';

export interface SurveyContext {
  survey: Survey;
  /** The link's `cid`, which the start takes only when the session has no customer (docs/spec.md §2). */
  linkCustomerId: string | null;
  /** The link's `invite`: an invitation after a visit (decision 053), which wins over the session and the `cid`. */
  invitationCode: string | null;
  /** The invitation as its lookup answered: the member's language and the visit's site. */
  invitation: InvitationLookup | null;
  /** Why the invitation's link answers nothing, once the lookup or the answer's submit said so. */
  refusal: InvitationRefusal | null;
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
  /** The `invite` query parameter of the link (decision 053); absent on the spec's survey. */
  invitationCode?: string | null;
}

export type SurveyEvent =
  | { type: 'score.chosen'; question: SurveyQuestion; score: number }
  | { type: 'comments.changed'; comments: string }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export interface SurveyRequest {
  survey: Survey;
  idempotencyKey: string;
}

/** The invitation's lookup: its code, as the link carries it. */
export interface InvitationLookupRequest {
  code: string;
}

/** What the lookup found: the invitation to answer, or why its link answers nothing (expected, so data). */
export type InvitationLookupOutcome =
  { kind: 'found'; invitation: InvitationLookup } | { kind: 'refused'; reason: InvitationRefusal };

/** The answer to an invitation: the spec's survey without a customer id (the invitation says who). */
export interface InvitationAnswerRequest {
  code: string;
  answer: InvitationAnswer;
  idempotencyKey: string;
}

/** The answer stored (with the review invitation it made), or refused because the link was used or expired meanwhile. */
export type InvitationAnswerOutcome =
  { kind: 'stored'; review: ReviewInvitation | null } | { kind: 'refused'; reason: InvitationRefusal };
