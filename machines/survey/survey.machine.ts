import { assertEvent, assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { emptySurvey, type ReviewInvitation } from '../../src/domain/survey';
import type { SurveyContext, SurveyEvent, SurveyInput, SurveyRequest } from './survey.types';

export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
    input: {} as SurveyInput,
  },
  actors: {
    // Provided by the app (survey.actors.ts); the placeholder keeps the chart runnable in the inspector and tests.
    submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(() => Promise.resolve(null)),
  },
  actions: {
    /** docs/spec.md §4: a failed survey is only logged. Provided by the app. */
    logFailure: (_, _error: unknown) => {},
    /** Keeps the link's customer for the rest of the session. Provided by the app. */
    rememberCustomerId: (_, _customerId: string) => {},
    takeLinkCustomer: assign(({ context }) => ({
      survey: { ...context.survey, customerId: context.linkCustomerId ?? '' },
    })),
    chooseScore: assign(({ context, event }) => {
      assertEvent(event, 'score.chosen');
      return { survey: { ...context.survey, [event.question]: event.score }, idempotencyKey: null };
    }),
    setComments: assign(({ context, event }) => {
      assertEvent(event, 'comments.changed');
      return { survey: { ...context.survey, comments: event.comments }, idempotencyKey: null };
    }),
    ensureIdempotencyKey: assign({ idempotencyKey: ({ context }) => context.idempotencyKey ?? crypto.randomUUID() }),
    /** docs/spec.md §3: the form resets to its initial values, for the same customer. */
    resetSurvey: assign(({ context }) => ({ survey: emptySurvey(context.survey.customerId), idempotencyKey: null })),
    keepReviewInvitation: assign((_, review: ReviewInvitation | null) => ({ review })),
  },
  guards: {
    hasCustomer: ({ context }) => context.survey.customerId !== '',
    hasLinkCustomer: ({ context }) => Boolean(context.linkCustomerId),
  },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({
    survey: emptySurvey(input.sessionCustomerId ?? ''),
    linkCustomerId: input.linkCustomerId,
    idempotencyKey: null,
    review: null,
  }),
  initial: 'starting',
  states: {
    /** docs/spec.md §2: the survey is the session's customer's; the link's `cid` is taken, and kept, only when there is none. */
    starting: {
      always: [
        { guard: 'hasCustomer', target: 'filling' },
        {
          guard: 'hasLinkCustomer',
          target: 'filling',
          actions: [
            'takeLinkCustomer',
            { type: 'rememberCustomerId', params: ({ context }) => context.survey.customerId },
          ],
        },
        { target: 'noCustomer' },
      ],
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
        onDone: {
          target: 'thanked',
          actions: ['resetSurvey', { type: 'keepReviewInvitation', params: ({ event }) => event.output }],
        },
        // docs/spec.md §4: logged only, nothing shown, Submit enabled again; what was chosen stays.
        onError: {
          target: 'filling',
          actions: [{ type: 'logFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error }],
        },
      },
    },
    /** The "Thank you!" dialog, which nothing closes, with the review invitation when the answer made one. */
    thanked: { type: 'final' },
  },
});
