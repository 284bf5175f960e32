import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { surveyMachine } from '../../machines/survey/survey.machine';
import type { SurveyInput, SurveyRequest } from '../../machines/survey/survey.types';
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
