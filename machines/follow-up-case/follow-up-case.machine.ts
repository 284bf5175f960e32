import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  followUpContactSchema,
  followUpNoteSchema,
  followUpResolveSchema,
  type FollowUpDetail,
} from '../../src/domain/follow-ups';
import { validate, type FieldErrors } from '../../src/domain/validation';
import type {
  AssignRequest,
  ContactRequest,
  FollowUpAction,
  FollowUpCaseContext,
  FollowUpCaseEvent,
  FollowUpCaseField,
  FollowUpCaseForm,
  FollowUpCaseInput,
  FollowUpOutcome,
  NoteRequest,
  ResolveRequest,
} from './follow-up-case.types';

/** Each action's fields, cleared when it succeeds and kept when it does not. */
const ACTION_FIELDS: Record<FollowUpAction, readonly FollowUpCaseField[]> = {
  assign: ['assigneeId'],
  contact: ['contactNote'],
  note: ['noteText'],
  resolve: ['rootCause', 'resolutionNote'],
};

const EMPTY_FORM: FollowUpCaseForm = {
  assigneeId: '',
  contactNote: '',
  noteText: '',
  rootCause: '',
  resolutionNote: '',
};

/** A schema's messages under the form's names for its fields. */
const renamed = (errors: FieldErrors, names: Record<string, FollowUpCaseField>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [names[key] ?? key, message]));

/** The contact body: a blank note is no note (it is optional). */
export function contactCheck(form: FollowUpCaseForm) {
  if (form.contactNote.trim() === '') return { ok: true as const, value: {} };
  const result = validate(followUpContactSchema, { note: form.contactNote });
  return result.ok ? result : { ok: false as const, errors: renamed(result.errors, { note: 'contactNote' }) };
}

export function noteCheck(form: FollowUpCaseForm) {
  const result = validate(followUpNoteSchema, { text: form.noteText });
  return result.ok ? result : { ok: false as const, errors: renamed(result.errors, { text: 'noteText' }) };
}

export function resolveCheck(form: FollowUpCaseForm) {
  const result = validate(followUpResolveSchema, { rootCause: form.rootCause, note: form.resolutionNote });
  return result.ok ? result : { ok: false as const, errors: renamed(result.errors, { note: 'resolutionNote' }) };
}

/** The checked body of a submit the guard let through. */
function checked<T>(result: { ok: true; value: T } | { ok: false }): T {
  if (!result.ok) throw new Error('A follow-up form was submitted invalid');
  return result.value;
}

function outcomeOf<K extends FollowUpOutcome['kind']>(
  output: FollowUpOutcome,
  kind: K,
): Extract<FollowUpOutcome, { kind: K }> {
  if (output.kind !== kind) throw new Error(`Expected a ${kind} outcome, got ${output.kind}`);
  return output as Extract<FollowUpOutcome, { kind: K }>;
}

/** What an action's request answering means, the same for all four: its own form is cleared or kept. */
const answered = (action: FollowUpAction) => ({
  onDone: [
    {
      guard: {
        type: 'wasUpdated' as const,
        params: ({ event }: { event: { output: FollowUpOutcome } }) => event.output,
      },
      target: 'idle' as const,
      actions: [
        {
          type: 'caseUpdated' as const,
          params: ({ event }: { event: { output: FollowUpOutcome } }) => outcomeOf(event.output, 'updated').detail,
        },
        { type: 'markDone' as const, params: action },
      ],
    },
    {
      guard: {
        type: 'wasInvalid' as const,
        params: ({ event }: { event: { output: FollowUpOutcome } }) => event.output,
      },
      target: 'idle' as const,
      actions: {
        type: 'keepFieldErrors' as const,
        params: ({ event }: { event: { output: FollowUpOutcome } }) => outcomeOf(event.output, 'invalid').errors,
      },
    },
    {
      guard: {
        type: 'wasClosed' as const,
        params: ({ event }: { event: { output: FollowUpOutcome } }) => event.output,
      },
      target: 'idle' as const,
      actions: [
        {
          type: 'keepAlert' as const,
          params: ({ event }: { event: { output: FollowUpOutcome } }) => outcomeOf(event.output, 'closed'),
        },
        'reloadCase' as const,
      ],
    },
    {
      target: 'idle' as const,
      actions: {
        type: 'keepAlert' as const,
        params: ({ event }: { event: { output: FollowUpOutcome } }) => outcomeOf(event.output, 'refused'),
      },
    },
  ],
  onError: {
    target: 'idle' as const,
    actions: { type: 'keepAlert' as const, params: { kind: 'unreachable' as const, action } },
  },
});

const placeholder = <TInput>() =>
  fromPromise<FollowUpOutcome, TInput>(() => Promise.resolve({ kind: 'refused', message: '' }));

/**
 * A follow-up case's actions (decision 026): assign, mark contacted, add a note, resolve. One request at a time; a
 * refusal puts messages at the fields, a case resolved meanwhile is said and reloaded, and no answer keeps what was
 * typed to try again.
 */
export const followUpCaseMachine = setup({
  types: {
    context: {} as FollowUpCaseContext,
    events: {} as FollowUpCaseEvent,
    input: {} as FollowUpCaseInput,
  },
  actors: {
    // Provided by the page (follow-up-case.actors.ts); the placeholders keep the chart runnable in tests.
    assignCase: placeholder<AssignRequest>(),
    contactCase: placeholder<ContactRequest>(),
    addNote: placeholder<NoteRequest>(),
    resolveCase: placeholder<ResolveRequest>(),
  },
  actions: {
    /** The page puts the answered case where its query keeps it. */
    caseUpdated: (_, _detail: FollowUpDetail) => {},
    /** The page fetches the case again: it changed under the staff member (resolved by someone else). */
    reloadCase: () => {},
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const { [event.field]: _edited, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    startRequest: assign({ alert: null, errors: {} }),
    keepCheckErrors: assign((_, errors: FieldErrors) => ({ errors, alert: null })),
    keepFieldErrors: assign((_, errors: FieldErrors) => ({ errors })),
    keepAlert: assign((_, alert: NonNullable<FollowUpCaseContext['alert']>) => ({ alert })),
    markDone: assign(({ context }, action: FollowUpAction) => ({
      form: {
        ...context.form,
        ...Object.fromEntries(ACTION_FIELDS[action].map((field) => [field, EMPTY_FORM[field]])),
      },
      done: { action, count: (context.done?.count ?? 0) + 1 },
    })),
  },
  guards: {
    contactIsValid: ({ context }) => contactCheck(context.form).ok,
    noteIsValid: ({ context }) => noteCheck(context.form).ok,
    resolveIsValid: ({ context }) => resolveCheck(context.form).ok,
    wasUpdated: (_, output: FollowUpOutcome) => output.kind === 'updated',
    wasInvalid: (_, output: FollowUpOutcome) => output.kind === 'invalid',
    wasClosed: (_, output: FollowUpOutcome) => output.kind === 'closed',
  },
}).createMachine({
  id: 'followUpCase',
  context: ({ input }) => ({ caseId: input.caseId, form: EMPTY_FORM, errors: {}, alert: null, done: null }),
  initial: 'idle',
  states: {
    /** The case and its forms; nothing in flight. */
    idle: {
      on: {
        'field.changed': { actions: 'changeField' },
        'user.assign': { target: 'assigning', actions: 'startRequest' },
        'user.contact': [
          { guard: 'contactIsValid', target: 'contacting', actions: 'startRequest' },
          { actions: { type: 'keepCheckErrors', params: ({ context }) => contactErrors(context.form) } },
        ],
        'user.addNote': [
          { guard: 'noteIsValid', target: 'noting', actions: 'startRequest' },
          { actions: { type: 'keepCheckErrors', params: ({ context }) => noteErrors(context.form) } },
        ],
        'user.resolve': [
          { guard: 'resolveIsValid', target: 'resolving', actions: 'startRequest' },
          { actions: { type: 'keepCheckErrors', params: ({ context }) => resolveErrors(context.form) } },
        ],
      },
    },
    assigning: {
      invoke: {
        id: 'assignCase',
        src: 'assignCase',
        input: ({ context, event }) => {
          assertEvent(event, 'user.assign');
          return { caseId: context.caseId, body: { assigneeId: event.assigneeId } };
        },
        ...answered('assign'),
      },
    },
    contacting: {
      invoke: {
        id: 'contactCase',
        src: 'contactCase',
        input: ({ context }) => ({ caseId: context.caseId, body: checked(contactCheck(context.form)) }),
        ...answered('contact'),
      },
    },
    noting: {
      invoke: {
        id: 'addNote',
        src: 'addNote',
        input: ({ context }) => ({ caseId: context.caseId, body: checked(noteCheck(context.form)) }),
        ...answered('note'),
      },
    },
    resolving: {
      invoke: {
        id: 'resolveCase',
        src: 'resolveCase',
        input: ({ context }) => ({ caseId: context.caseId, body: checked(resolveCheck(context.form)) }),
        ...answered('resolve'),
      },
    },
  },
});

/** The messages of a form the page's own checks refused (none when it passes). */
function contactErrors(form: FollowUpCaseForm): FieldErrors {
  const result = contactCheck(form);
  return result.ok ? {} : result.errors;
}
function noteErrors(form: FollowUpCaseForm): FieldErrors {
  const result = noteCheck(form);
  return result.ok ? {} : result.errors;
}
function resolveErrors(form: FollowUpCaseForm): FieldErrors {
  const result = resolveCheck(form);
  return result.ok ? {} : result.errors;
}
