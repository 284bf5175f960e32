import { assertEvent, assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { emptySurvey, type ReviewInvitation } from '../../src/domain/survey';
import type {
  InvitationAnswerOutcome,
  InvitationAnswerRequest,
  InvitationLookupOutcome,
  InvitationLookupRequest,
  SurveyContext,
  SurveyEvent,
  SurveyInput,
  SurveyRequest,
} from './survey.types';

export const surveyMachine = setup({
  types: {
    context: {} as SurveyContext,
    events: {} as SurveyEvent,
    input: {} as SurveyInput,
  },
  actors: {
    // Provided by the app (survey.actors.ts); the placeholders keep the chart runnable in the inspector and tests.
    submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(() => Promise.resolve(null)),
    lookUpInvitation: fromPromise<InvitationLookupOutcome, InvitationLookupRequest>(() =>
      Promise.resolve({ kind: 'refused', reason: 'not_found' }),
    ),
    submitInvitationAnswer: fromPromise<InvitationAnswerOutcome, InvitationAnswerRequest>(() =>
      Promise.resolve({ kind: 'stored', review: null }),
    ),
  },
  actions: {
    /** docs/spec.md §4: a failed survey is only logged. Provided by the app. */
    logFailure: (_, _error: unknown) => {},
    /** Keeps the link's customer for the rest of the session. Provided by the app. */
    rememberCustomerId: (_, _customerId: string) => {},
    /** A new state of the page in place (decision 037): the reader starts again at its heading. Provided by the app. */
    focusHeading: () => {},
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
    keepInvitation: assign((_, outcome: InvitationLookupOutcome) => ({
      invitation: outcome.kind === 'found' ? outcome.invitation : null,
    })),
    keepRefusal: assign((_, outcome: InvitationLookupOutcome | InvitationAnswerOutcome) => ({
      refusal: outcome.kind === 'refused' ? outcome.reason : null,
    })),
  },
  guards: {
    hasInvitation: ({ context }) => context.invitationCode !== null,
    hasCustomer: ({ context }) => context.survey.customerId !== '',
    hasLinkCustomer: ({ context }) => Boolean(context.linkCustomerId),
    isRefused: (_, outcome: { kind: string }) => outcome.kind === 'refused',
  },
}).createMachine({
  id: 'survey',
  context: ({ input }) => ({
    survey: emptySurvey(input.sessionCustomerId ?? ''),
    linkCustomerId: input.linkCustomerId,
    invitationCode: input.invitationCode ?? null,
    invitation: null,
    refusal: null,
    idempotencyKey: null,
    review: null,
  }),
  initial: 'starting',
  states: {
    /**
     * docs/spec.md §2: the survey is the session's customer's; the link's `cid` is taken, and kept, only when there is
     * none. An invitation's link (decision 053) is the invitation's member's, whoever the tab completed.
     */
    starting: {
      always: [
        { guard: 'hasInvitation', target: 'checkingInvitation' },
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
    /** Decision 053: the link's invitation, for the member's language, or why it answers nothing. */
    checkingInvitation: {
      invoke: {
        id: 'lookUpInvitation',
        src: 'lookUpInvitation',
        input: ({ context }) => ({ code: context.invitationCode ?? '' }),
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'invitationRefused',
            actions: [{ type: 'keepRefusal', params: ({ event }) => event.output }, 'focusHeading'],
          },
          {
            target: 'filling',
            actions: [{ type: 'keepInvitation', params: ({ event }) => event.output }, 'focusHeading'],
          },
        ],
        // No answer, or one the page cannot use: nothing is known of the link yet, so it may be tried again.
        onError: { target: 'lookupFailed', actions: 'focusHeading' },
      },
    },
    lookupFailed: {
      on: { 'user.retry': 'checkingInvitation' },
    },
    /** Unknown, answered already or past its days (decision 053): one calm sentence, and nothing to answer. */
    invitationRefused: { type: 'final' },
    filling: {
      on: {
        'score.chosen': { actions: 'chooseScore' },
        'comments.changed': { actions: 'setComments' },
        'user.submit': [
          { guard: 'hasInvitation', target: 'submittingAnswer', actions: 'ensureIdempotencyKey' },
          { target: 'submitting', actions: 'ensureIdempotencyKey' },
        ],
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
    /** The answer to an invitation: stored and thanked as the spec's survey, unless its link was used meanwhile. */
    submittingAnswer: {
      invoke: {
        id: 'submitInvitationAnswer',
        src: 'submitInvitationAnswer',
        input: ({ context }) => {
          const { customerId: _customerId, ...answer } = context.survey;
          return { code: context.invitationCode ?? '', answer, idempotencyKey: context.idempotencyKey ?? '' };
        },
        onDone: [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.output },
            target: 'invitationRefused',
            actions: [{ type: 'keepRefusal', params: ({ event }) => event.output }, 'focusHeading'],
          },
          {
            target: 'thanked',
            actions: [
              'resetSurvey',
              {
                type: 'keepReviewInvitation',
                params: ({ event }) => (event.output.kind === 'stored' ? event.output.review : null),
              },
            ],
          },
        ],
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
