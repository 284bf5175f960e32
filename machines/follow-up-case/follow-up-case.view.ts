import type { SnapshotFrom } from 'xstate';
import type { FieldErrors } from '../../src/domain/validation';
import type { followUpCaseMachine } from './follow-up-case.machine';
import type { FollowUpAction, FollowUpCaseForm } from './follow-up-case.types';

export interface FollowUpCaseView {
  form: FollowUpCaseForm;
  errors: FieldErrors;
  /** The action whose request is in flight; every action waits while one is. */
  pending: FollowUpAction | null;
  /** Said above the actions: a case resolved meanwhile, a refusal, or no answer (the form is kept). */
  alert: string | null;
  /** The last action that succeeded and a count that changes with each success. */
  done: { action: FollowUpAction; count: number } | null;
}

export const COULD_NOT_REACH: Record<FollowUpAction, string> = {
  assign: 'Could not reach the server: the case was not assigned. Try again.',
  contact: 'Could not reach the server: the case was not marked contacted. Try again.',
  note: 'Could not reach the server: the note was not added. Try again.',
  resolve: 'Could not reach the server: the case was not resolved. Try again.',
};

const PENDING = { assigning: 'assign', contacting: 'contact', noting: 'note', resolving: 'resolve' } as const;

export function toFollowUpCaseView(snapshot: SnapshotFrom<typeof followUpCaseMachine>): FollowUpCaseView {
  const { context } = snapshot;
  const state = snapshot.value;
  const alert = context.alert;
  return {
    form: context.form,
    errors: context.errors,
    pending: state === 'idle' ? null : PENDING[state],
    alert: alert === null ? null : alert.kind === 'unreachable' ? COULD_NOT_REACH[alert.action] : alert.message,
    done: context.done,
  };
}
