import type { SnapshotFrom } from 'xstate';
import { surveyMachine } from '../../machines/survey/survey.machine';
import type { SurveyEvent, SurveyInput } from '../../machines/survey/survey.types';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof surveyMachine>;

export type SurveyPathEvent =
  | SurveyEvent
  | { type: 'xstate.done.actor.submitSurvey'; output: unknown }
  | { type: 'xstate.error.actor.submitSurvey'; error: unknown };

/** The three ways in of docs/spec.md §2: the session's customer (a link's cid then ignored), a link's cid alone, neither. */
const surveyInputs: Record<string, SurveyInput> = {
  fromSession: { sessionCustomerId: 'cust-1', linkCustomerId: 'cust-2' },
  fromLink: { sessionCustomerId: null, linkCustomerId: 'cust-1' },
  withoutCustomer: { sessionCustomerId: null, linkCustomerId: null },
};

export const surveyModel: PathModel<typeof surveyMachine, SurveyPathEvent> = {
  machine: surveyMachine,
  inputs: surveyInputs,
  events: [
    { type: 'score.chosen', question: 'washQualityScore', score: 9 },
    { type: 'comments.changed', comments: 'The dryers were great.' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.submitSurvey', output: undefined },
    { type: 'xstate.error.actor.submitSurvey', error: new Error('network') },
  ],
  serialize: (snapshot: Snapshot) =>
    JSON.stringify({
      state: snapshot.value,
      answered: snapshot.context.survey.washQualityScore > 0,
      commented: snapshot.context.survey.comments !== '',
    }),
};

export function describeSurveyEvent(event: SurveyPathEvent): string {
  if (event.type === 'score.chosen') return `score.chosen(${event.question}=${event.score})`;
  if (event.type === 'xstate.done.actor.submitSurvey') return 'submitSurvey(stored)';
  if (event.type === 'xstate.error.actor.submitSurvey') return 'submitSurvey(network error)';
  return event.type;
}
