import type { SnapshotFrom } from 'xstate';
import { surveyMachine } from '../../machines/survey/survey.machine';
import type {
  InvitationAnswerOutcome,
  InvitationLookupOutcome,
  SurveyEvent,
  SurveyInput,
} from '../../machines/survey/survey.types';
import { INVITATION_REFUSALS, type InvitationRefusal } from '../../src/domain/invitations';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof surveyMachine>;

export type SurveyPathEvent =
  | SurveyEvent
  | { type: 'xstate.done.actor.submitSurvey'; output: unknown }
  | { type: 'xstate.error.actor.submitSurvey'; error: unknown }
  | { type: 'xstate.done.actor.lookUpInvitation'; output: InvitationLookupOutcome }
  | { type: 'xstate.error.actor.lookUpInvitation'; error: unknown }
  | { type: 'xstate.done.actor.submitInvitationAnswer'; output: InvitationAnswerOutcome }
  | { type: 'xstate.error.actor.submitInvitationAnswer'; error: unknown };

/**
 * The three ways in of docs/spec.md §2: the session's customer (a link's cid then ignored), a link's cid alone,
 * neither; and an invitation's link (decision 053), which wins over a session's customer and a cid alike.
 */
const surveyInputs: Record<string, SurveyInput> = {
  fromSession: { sessionCustomerId: 'cust-1', linkCustomerId: 'cust-2' },
  fromLink: { sessionCustomerId: null, linkCustomerId: 'cust-1' },
  withoutCustomer: { sessionCustomerId: null, linkCustomerId: null },
  fromInvitation: { sessionCustomerId: 'cust-1', linkCustomerId: 'cust-2', invitationCode: 'invite-1' },
};

/** Why a link answers nothing: each a screen of its own. */
const refused = (reason: InvitationRefusal) => ({ kind: 'refused', reason }) as const;

export const surveyModel: PathModel<typeof surveyMachine, SurveyPathEvent> = {
  machine: surveyMachine,
  inputs: surveyInputs,
  events: [
    { type: 'score.chosen', question: 'washQualityScore', score: 9 },
    { type: 'comments.changed', comments: 'The dryers were great.' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.submitSurvey', output: undefined },
    { type: 'xstate.error.actor.submitSurvey', error: new Error('network') },
    {
      type: 'xstate.done.actor.lookUpInvitation',
      output: { kind: 'found', invitation: { language: 'en', siteName: 'Naperville' } },
    },
    ...INVITATION_REFUSALS.map((reason) => ({
      type: 'xstate.done.actor.lookUpInvitation' as const,
      output: refused(reason),
    })),
    { type: 'xstate.error.actor.lookUpInvitation', error: new Error('network') },
    { type: 'user.retry' },
    { type: 'xstate.done.actor.submitInvitationAnswer', output: { kind: 'stored', review: null } },
    { type: 'xstate.done.actor.submitInvitationAnswer', output: refused('invitation_used') },
    { type: 'xstate.error.actor.submitInvitationAnswer', error: new Error('network') },
  ],
  serialize: (snapshot: Snapshot) =>
    JSON.stringify({
      state: snapshot.value,
      answered: snapshot.context.survey.washQualityScore > 0,
      commented: snapshot.context.survey.comments !== '',
      refusal: snapshot.context.refusal,
    }),
};

export function describeSurveyEvent(event: SurveyPathEvent): string {
  if (event.type === 'score.chosen') return `score.chosen(${event.question}=${event.score})`;
  if (event.type === 'xstate.done.actor.submitSurvey') return 'submitSurvey(stored)';
  if (event.type === 'xstate.error.actor.submitSurvey') return 'submitSurvey(network error)';
  if (event.type === 'xstate.done.actor.lookUpInvitation') {
    return `lookUpInvitation(${event.output.kind === 'found' ? 'found' : event.output.reason})`;
  }
  if (event.type === 'xstate.error.actor.lookUpInvitation') return 'lookUpInvitation(network error)';
  if (event.type === 'xstate.done.actor.submitInvitationAnswer') {
    return `submitInvitationAnswer(${event.output.kind === 'stored' ? 'stored' : event.output.reason})`;
  }
  if (event.type === 'xstate.error.actor.submitInvitationAnswer') return 'submitInvitationAnswer(network error)';
  return event.type;
}
