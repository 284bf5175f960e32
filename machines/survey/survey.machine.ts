import { assign, fromPromise, setup } from 'xstate';
import { emptySurvey, type Survey } from '../../src/domain/survey';
import type { SurveyContext, SurveyEvent, SurveyInput, SurveyRequest } from './survey.types';

export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
    input: {} as SurveyInput,
  },
  actors: {
    // Provided by the app; the placeholder keeps the chart runnable in the inspector and tests.
    submitSurvey: fromPromise<Survey, SurveyRequest>(({ input }) => Promise.resolve(input.survey)),
  },
  actions: {
    /** Spec §4: a failed survey is only logged. Provided by the app. */
    logFailure: () => {},
    chooseScore: assign(({ context, event }) =>
      event.type === 'score.chosen'
        ? { survey: { ...context.survey, [event.question]: event.score }, idempotencyKey: null }
        : {},
    ),
    setComments: assign(({ context, event }) =>
      event.type === 'comments.changed'
        ? { survey: { ...context.survey, comments: event.comments }, idempotencyKey: null }
        : {},
    ),
    ensureIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? crypto.randomUUID() }),
    /** Spec §3: the form resets to its initial values, for the same customer. */
    resetSurvey: assign(({ context }) => ({ survey: emptySurvey(context.survey.customerId), idempotencyKey: null })),
  },
  guards: {
    hasCustomer: ({ context }) => context.survey.customerId !== '',
  },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({ survey: emptySurvey(input.customerId ?? ''), idempotencyKey: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasCustomer', target: 'filling' }, { target: 'noCustomer' }],
    },
    /** No session and no cid: nothing could ever be stored, so the page says so instead of showing a form. */
    noCustomer: { type: 'final' },
    filling: {
      on: {
        'score.chosen': { actions: 'chooseScore' },
        'comments.changed': { actions: 'setComments' },
        'user.submit': { target: 'submitting', actions: 'ensureIdempotencyKey' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitSurvey',
        src: 'submitSurvey',
        input: ({ context }) => ({ survey: context.survey, idempotencyKey: context.idempotencyKey ?? '' }),
        onDone: { target: 'thanked', actions: 'resetSurvey' },
        // Spec §4: logged only, nothing shown, Submit enabled again; what was chosen stays.
        onError: { target: 'filling', actions: 'logFailure' },
      },
    },
    /** The "Thank you!" dialog, which nothing closes. */
    thanked: { type: 'final' },
  },
});
