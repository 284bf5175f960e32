import type { FollowUpDetail, RootCause } from '../../src/domain/follow-ups';
import type { FieldErrors } from '../../src/domain/validation';

/** The case page's forms, each field by the name its message is shown under. */
export interface FollowUpCaseForm {
  /** An owner's choice of staff member (a manager assigns themself with one button). */
  assigneeId: string;
  contactNote: string;
  noteText: string;
  rootCause: RootCause | '';
  resolutionNote: string;
}

export type FollowUpCaseField = keyof FollowUpCaseForm;

/** Which of the four actions a request, a message or a cleared form belongs to. */
export type FollowUpAction = 'assign' | 'contact' | 'note' | 'resolve';

/** Why the last action did not happen, said above the actions. */
export type FollowUpCaseAlert =
  | { kind: 'closed'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; action: FollowUpAction };

export interface FollowUpCaseContext {
  caseId: string;
  form: FollowUpCaseForm;
  /** Messages for fields, the page's own checks and the server's, until the field is edited. */
  errors: FieldErrors;
  alert: FollowUpCaseAlert | null;
  /** The action that last succeeded, and how many have: the page says so and moves focus once per success. */
  done: { action: FollowUpAction; count: number } | null;
}

export interface FollowUpCaseInput {
  caseId: string;
}

export type FollowUpCaseEvent =
  | { type: 'field.changed'; field: FollowUpCaseField; value: string }
  /** `null`: take the case off whoever has it. */
  | { type: 'user.assign'; assigneeId: string | null }
  | { type: 'user.contact' }
  | { type: 'user.addNote' }
  | { type: 'user.resolve' };

/** The request of each action: the case, and the body the API takes. */
export interface AssignRequest {
  caseId: string;
  body: { assigneeId: string | null };
}
export interface ContactRequest {
  caseId: string;
  body: { note?: string };
}
export interface NoteRequest {
  caseId: string;
  body: { text: string };
}
export interface ResolveRequest {
  caseId: string;
  body: { rootCause: RootCause; note: string };
}

/**
 * The answers the flow expects come back as data: the updated case, messages for fields, a case already resolved
 * (409), another refusal (401, 403, 404). Only failing to reach the server is an error.
 */
export type FollowUpOutcome =
  | { kind: 'updated'; detail: FollowUpDetail }
  | { kind: 'invalid'; errors: Partial<Record<FollowUpCaseField, string>> }
  | { kind: 'closed'; message: string }
  | { kind: 'refused'; message: string };
