import type { SnapshotFrom } from 'xstate';
import { followUpCaseMachine } from '../../machines/follow-up-case/follow-up-case.machine';
import type {
  FollowUpCaseEvent,
  FollowUpCaseField,
  FollowUpCaseInput,
  FollowUpOutcome,
} from '../../machines/follow-up-case/follow-up-case.types';
import { FOLLOW_UP_MESSAGES, type FollowUpDetail } from '../../src/domain/follow-ups';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof followUpCaseMachine>;

type ActorId = 'assignCase' | 'contactCase' | 'addNote' | 'resolveCase';

export type FollowUpCasePathEvent =
  | FollowUpCaseEvent
  | { type: `xstate.done.actor.${ActorId}`; output: FollowUpOutcome }
  | { type: `xstate.error.actor.${ActorId}`; error: unknown };

export const CASE_ID = '0b9d6c1e-2f4a-4c3b-9a7e-5d1f2e3c4b5a';
export const STAFF_ID = '5e0a1c2d-3b4f-4a6e-8c9d-0f1e2d3c4b5a';

/** A case as the API answers it after an action; the chart only hands it on. */
export const UPDATED_CASE = { id: CASE_ID, status: 'contacted' } as FollowUpDetail;

const inputs: Record<string, FollowUpCaseInput> = { manager: { caseId: CASE_ID } };

const FIELD_MESSAGES: Record<FollowUpCaseField, string> = {
  assigneeId: FOLLOW_UP_MESSAGES.assignee,
  contactNote: FOLLOW_UP_MESSAGES.note,
  noteText: FOLLOW_UP_MESSAGES.note,
  rootCause: FOLLOW_UP_MESSAGES.rootCause,
  resolutionNote: FOLLOW_UP_MESSAGES.resolutionNote,
};

/**
 * Each action's refusals in the server's words. A field's message is the one the page's own check gives it (both
 * read src/domain/follow-ups.ts), so which fields have one says what is shown.
 */
const outcomes = (actor: ActorId, field: FollowUpCaseField): FollowUpCasePathEvent[] => [
  { type: `xstate.done.actor.${actor}`, output: { kind: 'updated', detail: UPDATED_CASE } },
  { type: `xstate.done.actor.${actor}`, output: { kind: 'invalid', errors: { [field]: FIELD_MESSAGES[field] } } },
  { type: `xstate.done.actor.${actor}`, output: { kind: 'closed', message: FOLLOW_UP_MESSAGES.closed } },
  { type: `xstate.done.actor.${actor}`, output: { kind: 'refused', message: FOLLOW_UP_MESSAGES.notFound } },
  { type: `xstate.error.actor.${actor}`, error: new Error('network') },
];

export const followUpCaseModel: PathModel<typeof followUpCaseMachine, FollowUpCasePathEvent> = {
  machine: followUpCaseMachine,
  inputs,
  events: [
    { type: 'field.changed', field: 'noteText', value: 'Called, left a message.' },
    // Longer than a note may be: the one way a contact note, which is optional, is refused before sending.
    { type: 'field.changed', field: 'contactNote', value: 'x'.repeat(2001) },
    { type: 'field.changed', field: 'rootCause', value: 'damage' },
    { type: 'field.changed', field: 'resolutionNote', value: 'Paid for the mirror.' },
    { type: 'user.assign', assigneeId: STAFF_ID },
    { type: 'user.contact' },
    { type: 'user.addNote' },
    { type: 'user.resolve' },
    ...outcomes('assignCase', 'assigneeId'),
    ...outcomes('contactCase', 'contactNote'),
    ...outcomes('addNote', 'noteText'),
    ...outcomes('resolveCase', 'rootCause'),
  ],
  serialize: (snapshot: Snapshot) =>
    JSON.stringify({
      state: snapshot.value,
      note: snapshot.context.form.noteText !== '',
      contactNote: snapshot.context.form.contactNote !== '',
      rootCause: snapshot.context.form.rootCause !== '',
      resolutionNote: snapshot.context.form.resolutionNote !== '',
      errors: Object.keys(snapshot.context.errors).sort(),
      alert: snapshot.context.alert?.kind ?? null,
    }),
};

export function describeFollowUpCaseEvent(event: FollowUpCasePathEvent): string {
  if (event.type === 'field.changed') return `field.changed(${event.field})`;
  if (event.type.startsWith('xstate.done.actor.')) {
    return `${event.type.slice('xstate.done.actor.'.length)}(${(event as { output: FollowUpOutcome }).output.kind})`;
  }
  if (event.type.startsWith('xstate.error.actor.'))
    return `${event.type.slice('xstate.error.actor.'.length)}(network error)`;
  return event.type;
}

/**
 * A success: the case changes on the server, and with it what the page offers (a contacted case has no contact
 * form, a resolved one only the note form), which the chart, holding the forms and not the case, cannot know. Every
 * other answer leaves the case as it was, so a walk on one page may only end with one.
 */
export const changesCase = (event: FollowUpCasePathEvent): boolean =>
  event.type.startsWith('xstate.done.actor.') && 'output' in event && event.output.kind === 'updated';
