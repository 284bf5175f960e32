import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { completionOf, type Completion } from '../../src/domain/completion';
import { CONSENT_VERSION } from '../../src/domain/consent';
import {
  customerRulesOf,
  customerSchemaFor,
  emptyCustomerForm,
  type CustomerForm,
  type CustomerRequest,
} from '../../src/domain/customer';
import { MANUAL_REGISTRATION_ID } from '../../src/domain/registration-defaults';
import { manualRegistration } from '../../src/domain/local-registration';
import type { Registration } from '../../src/domain/registration';
import { validate } from '../../src/domain/validation';
import { EDITABLE_FIELDS } from './profile.fields';
import type {
  EditableField,
  LookupRequest,
  ProfileContext,
  ProfileEvent,
  ProfileInput,
  SavedProgress,
  SubmitOutcome,
  SubmitRequest,
} from './profile.types';
import type { LookupOutcome } from '../../src/domain/registration-lookup';

/** The one body POST /customers is sent: the client-side check validates exactly what goes out. */
function submissionOf({ form, registration }: Pick<ProfileContext, 'form' | 'registration'>): CustomerRequest {
  return {
    ...form,
    registrationId: registration?.id ?? '',
    ...(registration?.id === MANUAL_REGISTRATION_ID ? { mobileNumber: registration.mobileNumber } : {}),
    consentVersion: CONSENT_VERSION,
  };
}

export function formErrors(context: Pick<ProfileContext, 'form' | 'registration' | 'serverErrors' | 'rules'>) {
  const result = validate(customerSchemaFor(context.rules), submissionOf(context));
  return { ...context.serverErrors, ...(result.ok ? {} : result.errors) };
}

/** Null when every invalid entry is off screen (a typed number the phone dialog let through, say). */
function firstInvalidField(context: ProfileContext): EditableField | null {
  const errors = formErrors(context);
  return EDITABLE_FIELDS.find((field) => errors[field]) ?? null;
}

/** A returning member's saved profile fills the form; terms are agreed afresh every time. */
function prefilledForm(registration: Registration): CustomerForm {
  return { ...emptyCustomerForm(registration.id), ...registration.profile, registrationId: registration.id };
}

/** What a reload needs to put the customer back where they were. */
export function progressOf(context: ProfileContext): SavedProgress | null {
  if (!context.registration) return null;
  return {
    token: context.token,
    registration: context.registration,
    form: context.form,
    allConsent: context.allConsent,
    dirty: context.dirty,
  };
}

/** The guards before a transition chose it by the outcome's kind: this only unwraps what they let through. */
function outcomeOf<T extends { kind: string }, K extends T['kind']>(output: T, kind: K): Extract<T, { kind: K }> {
  if (output.kind !== kind) throw new Error(`Expected a ${kind} outcome, got ${output.kind}`);
  return output as Extract<T, { kind: K }>;
}

function initialContext(input: ProfileInput): ProfileContext {
  const saved = input.saved;
  return {
    token: input.token,
    registration: saved?.registration ?? null,
    // Progress saved before a field existed (a deploy during the visit) gets that field's empty value.
    form: { ...emptyCustomerForm(), ...saved?.form },
    allConsent: saved?.allConsent ?? false,
    dirty: saved?.dirty ?? false,
    serverErrors: {},
    phone: { isValid: false, e164: '' },
    idempotencyKey: null,
    lookup: input.firstLookup ?? null,
    rules: customerRulesOf(input),
  };
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    // Provided by the app (profile.actors.ts); these placeholders keep the chart runnable in the inspector and tests.
    fetchRegistration: fromPromise<LookupOutcome, LookupRequest>(() => Promise.resolve({ kind: 'refused' })),
    submitCustomer: fromPromise<SubmitOutcome, SubmitRequest>(() => Promise.resolve({ kind: 'refused' })),
  },
  actions: {
    /** Effects the app provides: navigation, session storage, focus. */
    goToThankYou: () => {},
    /** Reads `progressOf(context)`; called after every change while editing. */
    saveProgress: () => {},
    clearProgress: () => {},
    /** Gets only what the next pages need, never the registration (its code, number and previous profile). */
    rememberCompletion: (_, _completion: Completion) => {},
    /** Gets the first invalid field on screen, once the form shows the messages. */
    focusFirstInvalidField: (_, _field: EditableField | null) => {},
    storeRegistration: assign((_, registration: Registration) => ({
      registration,
      form: prefilledForm(registration),
      allConsent: false,
      lookup: null,
    })),
    createManualRegistration: assign(({ context }) => {
      const registration = manualRegistration(context.phone.e164);
      return { registration, form: { ...context.form, registrationId: registration.id } };
    }),
    setLookup: assign({ lookup: (_, lookup: LookupOutcome) => lookup }),
    setPhone: assign({ phone: (_, phone: ProfileContext['phone']) => phone }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const form = { ...context.form, [event.field]: event.value };
      // docs/spec.md §4: choosing a make resets the model list to that make's models.
      if (event.field === 'vehicleMake' && event.value !== context.form.vehicleMake) form.vehicleModel = null;
      const { [event.field]: _, ...serverErrors } = context.serverErrors;
      const bothTicked = form.isSubscribedToNewsletters && form.isSubscribedToSmsMessaging;
      return { form, serverErrors, allConsent: bothTicked, idempotencyKey: null };
    }),
    setAllConsent: assign(({ context }, checked: boolean) =>
      // docs/spec.md §4: ticking the combined box ticks both; unticking it leaves them as they are.
      checked
        ? {
            allConsent: true,
            form: { ...context.form, isSubscribedToNewsletters: true, isSubscribedToSmsMessaging: true },
            idempotencyKey: null,
          }
        : { allConsent: false },
    ),
    markDirty: assign({ dirty: true }),
    ensureIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? crypto.randomUUID() }),
    setServerErrors: assign({
      serverErrors: (_, errors: ProfileContext['serverErrors']) => errors,
    }),
    reset: assign(({ context }) => ({
      ...initialContext({ token: context.token, ...context.rules }),
      registration: null,
    })),
  },
  guards: {
    hasSavedProgress: ({ context }) => context.registration !== null,
    hasCode: ({ context }) => context.token !== null && context.token !== '',
    hasLookup: ({ context }) => context.lookup !== null,
    phoneIsValid: ({ context }) => context.phone.isValid,
    formIsValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    isRefused: ({ context }) => context.lookup?.kind === 'refused',
    isCompleted: ({ context }) => context.lookup?.kind === 'found' && context.lookup.registration.isCompleted,
    isCreated: (_, outcome: SubmitOutcome) => outcome.kind === 'created',
    isInvalid: (_, outcome: SubmitOutcome) => outcome.kind === 'invalid',
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasSavedProgress', target: 'form' },
        // The page came with the lookup's answer (decision 016): no request, no "Loading...".
        { guard: 'hasLookup', target: 'lookupAnswered' },
        { guard: 'hasCode', target: 'loadingRegistration' },
        { target: 'askingForPhone' },
      ],
    },
    loadingRegistration: {
      invoke: {
        id: 'fetchRegistration',
        src: 'fetchRegistration',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'lookupAnswered', actions: { type: 'setLookup', params: ({ event }) => event.output } },
        onError: { target: 'lookupFailed' },
      },
    },
    /** Whichever way the answer came, the page's or the request's, it leads on alike. */
    lookupAnswered: {
      always: [
        { guard: 'isRefused', target: 'invalidCode' },
        {
          guard: 'isCompleted',
          target: 'completed',
          actions: [
            {
              type: 'rememberCompletion',
              params: ({ context }) => {
                const { registration } = outcomeOf(context.lookup!, 'found');
                return completionOf(registration, registration.customerId);
              },
            },
            'clearProgress',
          ],
        },
        {
          target: 'form',
          actions: {
            type: 'storeRegistration',
            params: ({ context }) => outcomeOf(context.lookup!, 'found').registration,
          },
        },
      ],
    },
    lookupFailed: {
      on: { 'user.retry': { target: 'loadingRegistration' } },
    },
    askingForPhone: {
      on: {
        'phone.changed': { actions: { type: 'setPhone', params: ({ event }) => event.phone } },
        'user.confirmPhone': { guard: 'phoneIsValid', target: 'form', actions: 'createManualRegistration' },
      },
    },
    /** The form on screen: what the customer can do with it depends on where the submit is. */
    form: {
      initial: 'editing',
      on: {
        // An edit, even one after a failed submit, is a new submission: back to editing, whose entry saves it.
        'field.changed': { target: '.editing', actions: 'setField' },
        'consent.allChanged': {
          target: '.editing',
          actions: { type: 'setAllConsent', params: ({ event }) => event.checked },
        },
      },
      states: {
        editing: {
          entry: 'saveProgress',
          on: {
            'user.submit': [
              { guard: 'formIsValid', target: 'submitting', actions: ['markDirty', 'ensureIdempotencyKey'] },
              {
                actions: [
                  'markDirty',
                  'saveProgress',
                  { type: 'focusFirstInvalidField', params: ({ context }) => firstInvalidField(context) },
                ],
              },
            ],
          },
        },
        submitting: {
          on: {
            // The request in flight carries what was on screen: an edit now would cancel it after it may have
            // reached the server, and the next submit would then be refused as a used code.
            'field.changed': {},
            'consent.allChanged': {},
          },
          invoke: {
            id: 'submitCustomer',
            src: 'submitCustomer',
            input: ({ context }) => ({
              submission: submissionOf(context),
              idempotencyKey: context.idempotencyKey ?? '',
            }),
            onDone: [
              {
                guard: { type: 'isCreated', params: ({ event }) => event.output },
                target: '#profile.completed',
                actions: [
                  {
                    type: 'rememberCompletion',
                    params: ({ context, event }) =>
                      completionOf(context.registration, outcomeOf(event.output, 'created').customer.id),
                  },
                  'clearProgress',
                ],
              },
              {
                guard: { type: 'isInvalid', params: ({ event }) => event.output },
                target: 'editing',
                actions: [
                  {
                    type: 'setServerErrors',
                    params: ({ event }) => outcomeOf(event.output, 'invalid').errors,
                  },
                  { type: 'focusFirstInvalidField', params: ({ context }) => firstInvalidField(context) },
                ],
              },
              // docs/spec.md §4: a refused submit shows the invalid-code dialog and resets the state.
              { target: '#profile.invalidCode', actions: ['reset', 'clearProgress'] },
            ],
            onError: { target: 'submitFailed' },
          },
        },
        submitFailed: {
          on: { 'user.retry': { target: 'submitting' } },
        },
      },
    },
    invalidCode: { type: 'final' },
    completed: { type: 'final', entry: 'goToThankYou' },
  },
});
