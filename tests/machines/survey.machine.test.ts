import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { surveyMachine } from '../../machines/survey/survey.machine';
import type {
  InvitationAnswerOutcome,
  InvitationAnswerRequest,
  InvitationLookupOutcome,
  InvitationLookupRequest,
  SurveyInput,
  SurveyRequest,
} from '../../machines/survey/survey.types';
import { INVITATION_REFUSALS } from '../../src/domain/invitations';
import type { ReviewInvitation } from '../../src/domain/survey';
import { toSurveyView } from '../../machines/survey/survey.view';
import { emptySurvey } from '../../src/domain/survey';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** The chart with its storage effect recorded, started as the page starts it. */
function startSurvey(input: SurveyInput) {
  const remembered: string[] = [];
  const actor = createActor(
    surveyMachine.provide({ actions: { rememberCustomerId: (_, customerId) => void remembered.push(customerId) } }),
    { input },
  ).start();
  return { snapshot: actor.getSnapshot(), remembered };
}

describe('whose survey it is (docs/spec.md §2)', () => {
  it("is the session's customer, whatever the link says, and nothing is stored", () => {
    const { snapshot, remembered } = startSurvey({ sessionCustomerId: 'cust-session', linkCustomerId: 'cust-link' });
    expect(snapshot.value).toBe('filling');
    expect(snapshot.context.survey.customerId).toBe('cust-session');
    expect(remembered).toEqual([]);
  });

  it("is the link's customer when the session has none, and the link's id is remembered for the session", () => {
    const { snapshot, remembered } = startSurvey({ sessionCustomerId: null, linkCustomerId: 'cust-link' });
    expect(snapshot.value).toBe('filling');
    expect(snapshot.context.survey.customerId).toBe('cust-link');
    expect(remembered).toEqual(['cust-link']);
  });

  it.each([
    ['no id at all', null],
    ['an empty cid', ''],
  ])('is nobody with %s, and nothing is stored', (_, linkCustomerId) => {
    const { snapshot, remembered } = startSurvey({ sessionCustomerId: null, linkCustomerId });
    expect(snapshot.value).toBe('noCustomer');
    expect(remembered).toEqual([]);
  });
});

describe('the survey statechart', () => {
  it('says plainly there is no customer instead of showing a form that can never be stored', () => {
    const view = toSurveyView(
      createActor(surveyMachine, { input: { sessionCustomerId: null, linkCustomerId: null } })
        .start()
        .getSnapshot(),
    );
    expect(view).toMatchObject({ showForm: false, showNoCustomer: true });
  });

  it('submits the answers once, thanks the customer and resets the form to docs/spec.md §3', async () => {
    const sent: SurveyRequest[] = [];
    const actor = createActor(
      surveyMachine.provide({
        actors: {
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(({ input }) => {
            sent.push(input);
            return Promise.resolve(null);
          }),
        },
      }),
      { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } },
    ).start();
    actor.send({ type: 'score.chosen', question: 'recommendToOthersScore', score: 10 });
    actor.send({ type: 'comments.changed', comments: 'Spotless.' });
    actor.send({ type: 'user.submit' });
    expect(toSurveyView(actor.getSnapshot()).isSubmitting).toBe(true);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.survey).toMatchObject({ customerId: 'cust-1', recommendToOthersScore: 10, comments: 'Spotless.' });
    const view = toSurveyView(actor.getSnapshot());
    expect(view.showThankYouDialog).toBe(true);
    expect(view.review).toBeNull();
    expect(view.survey).toMatchObject({ customerId: 'cust-1', recommendToOthersScore: 0, comments: '' });
  });

  it('thanks the customer with the review invitation the answer made, and keeps none while filling', async () => {
    const invitation = { surveyId: 'survey-1', url: 'https://g.page/r/naperville/review' };
    const actor = createActor(
      surveyMachine.provide({
        actors: {
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(() => Promise.resolve(invitation)),
        },
      }),
      { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } },
    ).start();
    expect(toSurveyView(actor.getSnapshot()).review).toBeNull();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('thanked'));
    expect(toSurveyView(actor.getSnapshot())).toMatchObject({ showThankYouDialog: true, review: invitation });
  });

  it('logs a failure, shows nothing, enables Submit again and keeps the answers and the key', async () => {
    const log = vi.fn();
    const keys: string[] = [];
    const actor = createActor(
      surveyMachine.provide({
        actions: { logFailure: log },
        actors: {
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(({ input }) => {
            keys.push(input.idempotencyKey);
            return Promise.reject(new Error('offline'));
          }),
        },
      }),
      { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } },
    ).start();
    actor.send({ type: 'score.chosen', question: 'valueScore', score: 7 });
    actor.send({ type: 'user.submit' });
    await settle();
    expect(log).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('filling');
    expect(actor.getSnapshot().context.survey.valueScore).toBe(7);
    actor.send({ type: 'user.submit' });
    await settle();
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('what the survey page shows', () => {
  it('shows the empty form of the customer while filling, nothing else', () => {
    const actor = createActor(surveyMachine, { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } }).start();
    expect(toSurveyView(actor.getSnapshot())).toEqual({
      showForm: true,
      showNoCustomer: false,
      isCheckingInvitation: false,
      showLookupFailed: false,
      refusal: null,
      isSubmitting: false,
      showThankYouDialog: false,
      review: null,
      survey: emptySurvey('cust-1'),
    });
  });

  it('keeps the form on screen while submitting and under the thank-you dialog', async () => {
    let stored: () => void = () => {};
    const actor = createActor(
      surveyMachine.provide({
        actors: {
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(
            () => new Promise((resolve) => (stored = () => resolve(null))),
          ),
        },
      }),
      { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } },
    ).start();
    actor.send({ type: 'user.submit' });
    expect(toSurveyView(actor.getSnapshot())).toMatchObject({
      showForm: true,
      showNoCustomer: false,
      isSubmitting: true,
      showThankYouDialog: false,
    });
    stored();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('thanked'));
    expect(toSurveyView(actor.getSnapshot())).toMatchObject({
      showForm: true,
      showNoCustomer: false,
      isSubmitting: false,
      showThankYouDialog: true,
    });
  });
});

describe('one survey per submission (the Idempotency-Key)', () => {
  /** The chart whose every submit fails, with the failures logged and the keys sent. */
  function failing() {
    const keys: string[] = [];
    const errors: unknown[] = [];
    const offline = new Error('offline');
    const actor = createActor(
      surveyMachine.provide({
        actions: { logFailure: (_, error) => void errors.push(error) },
        actors: {
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(({ input }) => {
            keys.push(input.idempotencyKey);
            return Promise.reject(offline);
          }),
        },
      }),
      { input: { sessionCustomerId: 'cust-1', linkCustomerId: null } },
    ).start();
    const submit = async () => {
      const before = errors.length;
      actor.send({ type: 'user.submit' });
      await vi.waitFor(() => expect(errors).toHaveLength(before + 1));
    };
    return { actor, keys, errors, offline, submit };
  }

  it('logs the error the submit failed with', async () => {
    const { errors, offline, submit } = failing();
    await submit();
    expect(errors).toEqual([offline]);
  });

  it('sends a key with the first submit', async () => {
    const { keys, submit } = failing();
    await submit();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['a score is chosen', { type: 'score.chosen', question: 'valueScore', score: 3 } as const],
    ['the comments change', { type: 'comments.changed', comments: 'Slow queue.' } as const],
  ])('takes a new key when %s after a failed submit', async (_, change) => {
    const { actor, keys, submit } = failing();
    await submit();
    actor.send(change);
    await submit();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('a survey opened from an invitation (decision 053)', () => {
  const found: InvitationLookupOutcome = { kind: 'found', invitation: { language: 'es', siteName: 'Naperville' } };

  /** The chart as the page starts it from `/survey?invite=…`, with the lookup and the answer's outcomes given. */
  function startInvited({
    lookups = [Promise.resolve(found)],
    answer = () => Promise.resolve<InvitationAnswerOutcome>({ kind: 'stored', review: null }),
  }: {
    lookups?: Promise<InvitationLookupOutcome>[];
    answer?: (request: InvitationAnswerRequest) => Promise<InvitationAnswerOutcome>;
  } = {}) {
    const looked: string[] = [];
    const answered: InvitationAnswerRequest[] = [];
    const remembered: string[] = [];
    const focused = vi.fn();
    const log = vi.fn();
    const actor = createActor(
      surveyMachine.provide({
        actions: {
          rememberCustomerId: (_, customerId) => void remembered.push(customerId),
          focusHeading: focused,
          logFailure: log,
        },
        actors: {
          lookUpInvitation: fromPromise<InvitationLookupOutcome, InvitationLookupRequest>(({ input }) => {
            looked.push(input.code);
            return lookups.shift() ?? Promise.reject(new Error('no more lookups'));
          }),
          submitInvitationAnswer: fromPromise<InvitationAnswerOutcome, InvitationAnswerRequest>(({ input }) => {
            answered.push(input);
            return answer(input);
          }),
          submitSurvey: fromPromise<ReviewInvitation | null, SurveyRequest>(() =>
            Promise.reject(new Error('the spec survey is not this link')),
          ),
        },
      }),
      { input: { sessionCustomerId: 'cust-session', linkCustomerId: 'cust-link', invitationCode: 'invite-1' } },
    ).start();
    return { actor, looked, answered, remembered, focused, log, view: () => toSurveyView(actor.getSnapshot()) };
  }

  it("looks the invitation up first, whatever the session's customer and the cid, and shows no form meanwhile", () => {
    const { actor, looked, remembered, view } = startInvited({ lookups: [new Promise(() => {})] });
    expect(actor.getSnapshot().value).toBe('checkingInvitation');
    expect(looked).toEqual(['invite-1']);
    expect(remembered).toEqual([]);
    expect(view()).toMatchObject({ isCheckingInvitation: true, showForm: false, showNoCustomer: false, refusal: null });
  });

  it('shows the survey once found, and sends the answer to the invitation, without a customer id, once', async () => {
    const { actor, answered, focused, view } = startInvited();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('filling'));
    expect(focused).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.invitation).toEqual(found.invitation);
    expect(view()).toMatchObject({ showForm: true, isCheckingInvitation: false });
    actor.send({ type: 'score.chosen', question: 'serviceScore', score: 3 });
    actor.send({ type: 'comments.changed', comments: 'Long queue.' });
    actor.send({ type: 'user.submit' });
    expect(view().isSubmitting).toBe(true);
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('thanked'));
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ code: 'invite-1', answer: { serviceScore: 3, comments: 'Long queue.' } });
    expect(answered[0]!.answer).not.toHaveProperty('customerId');
    expect(answered[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(view()).toMatchObject({
      showThankYouDialog: true,
      showForm: true,
      survey: { serviceScore: 0, comments: '' },
    });
  });

  it('thanks with the review invitation the answer made, as the spec survey does', async () => {
    const review = { surveyId: 'survey-9', url: 'https://g.page/r/naperville/review' };
    const { actor, view } = startInvited({ answer: () => Promise.resolve({ kind: 'stored', review }) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('filling'));
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().showThankYouDialog).toBe(true));
    expect(view().review).toEqual(review);
  });

  it.each(INVITATION_REFUSALS)('ends on the refusal %s, with no form, the heading focused', async (reason) => {
    const { actor, focused, view } = startInvited({ lookups: [Promise.resolve({ kind: 'refused', reason })] });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().value).toBe('invitationRefused');
    expect(view()).toMatchObject({ refusal: reason, showForm: false, isCheckingInvitation: false });
    expect(focused).toHaveBeenCalledTimes(1);
  });

  it('offers Try again when the lookup gets no usable answer, and looks again on it', async () => {
    const { actor, looked, focused, view } = startInvited({
      lookups: [Promise.reject(new Error('offline')), Promise.resolve(found)],
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('lookupFailed'));
    expect(view()).toMatchObject({ showLookupFailed: true, showForm: false, refusal: null });
    actor.send({ type: 'user.retry' });
    expect(view()).toMatchObject({ isCheckingInvitation: true, showLookupFailed: false });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('filling'));
    expect(looked).toEqual(['invite-1', 'invite-1']);
    expect(focused).toHaveBeenCalledTimes(2);
  });

  it('says the link was used when it was answered meanwhile (410 on the answer), with no thank-you', async () => {
    const { actor, focused, view } = startInvited({
      answer: () => Promise.resolve({ kind: 'refused', reason: 'invitation_used' }),
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('filling'));
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(view()).toMatchObject({ refusal: 'invitation_used', showForm: false, showThankYouDialog: false });
    expect(focused).toHaveBeenCalledTimes(2);
  });

  it('logs a failed answer only, keeps the answers and sends the same key again (docs/spec.md §4)', async () => {
    const { actor, answered, log } = startInvited({ answer: () => Promise.reject(new Error('offline')) });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('filling'));
    actor.send({ type: 'score.chosen', question: 'valueScore', score: 8 });
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1));
    expect(actor.getSnapshot().value).toBe('filling');
    expect(actor.getSnapshot().context.survey.valueScore).toBe(8);
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(answered).toHaveLength(2));
    expect(answered[1]!.idempotencyKey).toBe(answered[0]!.idempotencyKey);
  });
});
