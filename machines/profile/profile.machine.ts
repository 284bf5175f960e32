import { assign, fromPromise, setup } from 'xstate';
import { completionOf, type Completion } from '../../src/domain/completion';
import { customerSchema, emptyCustomerForm, type CustomerForm } from '../../src/domain/customer';
import { MANUAL_REGISTRATION_ID, manualRegistration, type Registration } from '../../src/domain/registration';
import { validate } from '../../src/domain/validation';
import type {
  LookupOutcome,
  ProfileContext,
  ProfileEvent,
  ProfileInput,
  SavedProgress,
  SubmitOutcome,
  SubmitRequest,
} from './profile.types';

/** The submission as the API takes it: the form, plus the typed number for a sign-up without a code. */
export function submissionOf(context: Pick<ProfileContext, 'form' | 'registration'>) {
  const registration = context.registration;
  return {
    ...context.form,
    registrationId: registration?.id ?? '',
    ...(registration?.id === MANUAL_REGISTRATION_ID ? { mobileNumber: registration.mobileNumber } : {}),
  };
}

export function formErrors(context: Pick<ProfileContext, 'form' | 'registration' | 'serverErrors'>) {
  const result = validate(customerSchema, submissionOf(context));
  return { ...context.serverErrors, ...(result.ok ? {} : result.errors) };
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

function initialContext(input: ProfileInput): ProfileContext {
  const saved = input.saved;
  return {
    token: input.token,
    registration: saved?.registration ?? null,
    form: saved?.form ?? emptyCustomerForm(),
    allConsent: saved?.allConsent ?? false,
    dirty: saved?.dirty ?? false,
    serverErrors: {},
    phone: { isValid: false, e164: '' },
    idempotencyKey: null,
  };
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    // Provided by the app; these placeholders keep the chart runnable in the inspector and tests.
    fetchRegistration: fromPromise<LookupOutcome, { token: string }>(() => Promise.resolve({ kind: 'refused' })),
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
    focusFirstInvalidField: () => {},
    storeRegistration: assign((_, registration: Registration) => ({
      registration,
      form: prefilledForm(registration),
      allConsent: false,
    })),
    createManualRegistration: assign(({ context }) => {
      const registration = manualRegistration(context.phone.e164);
      return { registration, form: { ...context.form, registrationId: registration.id } };
    }),
    setPhone: assign({ phone: (_, phone: ProfileContext['phone']) => phone }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const form = { ...context.form, [event.field]: event.value };
      // Spec §4: choosing a make resets the model list to that make's models.
      if (event.field === 'vehicleMake' && event.value !== context.form.vehicleMake) form.vehicleModel = null;
      const { [event.field]: _, ...serverErrors } = context.serverErrors;
      const bothTicked = form.isSubscribedToNewsletters && form.isSubscribedToSmsMessaging;
      return { form, serverErrors, allConsent: bothTicked, idempotencyKey: null };
    }),
    setAllConsent: assign(({ context }, checked: boolean) =>
      // Spec §4: ticking the combined box ticks both; unticking it leaves them as they are.
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
    reset: assign(({ context }) => ({ ...initialContext({ token: context.token }), registration: null })),
  },
  guards: {
    hasSavedProgress: ({ context }) => context.registration !== null,
    hasCode: ({ context }) => context.token !== null && context.token !== '',
    phoneIsValid: ({ context }) => context.phone.isValid,
    formIsValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasSavedProgress', target: 'editing' },
        { guard: 'hasCode', target: 'loadingRegistration' },
        { target: 'askingForPhone' },
      ],
    },
    loadingRegistration: {
      invoke: {
        id: 'fetchRegistration',
        src: 'fetchRegistration',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          { guard: ({ event }) => event.output.kind === 'refused', target: 'invalidCode' },
          {
            guard: ({ event }) => event.output.kind === 'found' && event.output.registration.isCompleted,
            target: 'completed',
            actions: [
              {
                type: 'rememberCompletion',
                params: ({ event }) =>
                  event.output.kind === 'found'
                    ? completionOf(event.output.registration, event.output.registration.customerId)
                    : completionOf(null, null),
              },
              'clearProgress',
            ],
          },
          {
            target: 'editing',
            actions: {
              type: 'storeRegistration',
              params: ({ event }) => (event.output as Extract<LookupOutcome, { kind: 'found' }>).registration,
            },
          },
        ],
        onError: { target: 'lookupFailed' },
      },
    },
    lookupFailed: {
      on: { 'user.retry': { target: 'loadingRegistration' } },
    },
    askingForPhone: {
      on: {
        'phone.changed': { actions: { type: 'setPhone', params: ({ event }) => event.phone } },
        'user.confirmPhone': { guard: 'phoneIsValid', target: 'editing', actions: 'createManualRegistration' },
      },
    },
    editing: {
      entry: 'saveProgress',
      on: {
        'field.changed': { actions: ['setField', 'saveProgress'] },
        'consent.allChanged': {
          actions: [{ type: 'setAllConsent', params: ({ event }) => event.checked }, 'saveProgress'],
        },
        'user.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: ['markDirty', 'ensureIdempotencyKey'] },
          { actions: ['markDirty', 'saveProgress', 'focusFirstInvalidField'] },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitCustomer',
        src: 'submitCustomer',
        input: ({ context }) => ({
          form: submissionOf(context),
          mobileNumber: submissionOf(context).mobileNumber,
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'created',
            target: 'completed',
            actions: [
              {
                type: 'rememberCompletion',
                params: ({ context, event }) =>
                  completionOf(context.registration, event.output.kind === 'created' ? event.output.customer.id : null),
              },
              'clearProgress',
            ],
          },
          {
            guard: ({ event }) => event.output.kind === 'invalid',
            target: 'editing',
            actions: [
              {
                type: 'setServerErrors',
                params: ({ event }) => (event.output.kind === 'invalid' ? event.output.errors : {}),
              },
              'focusFirstInvalidField',
            ],
          },
          // Spec §4: a refused submit shows the invalid-code dialog and resets the state.
          { target: 'invalidCode', actions: ['reset', 'clearProgress'] },
        ],
        onError: { target: 'submitFailed' },
      },
    },
    submitFailed: {
      on: {
        'user.retry': { target: 'submitting' },
        'field.changed': { target: 'editing', actions: 'setField' },
        'consent.allChanged': {
          target: 'editing',
          actions: { type: 'setAllConsent', params: ({ event }) => event.checked },
        },
      },
    },
    invalidCode: { type: 'final' },
    completed: { type: 'final', entry: 'goToThankYou' },
  },
});
