import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { surveyMachine } from '../../machines/survey/survey.machine';
import type { SurveyRequest } from '../../machines/survey/survey.types';
import { toSurveyView } from '../../machines/survey/survey.view';
import type { Survey } from '../../src/domain/survey';

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the survey statechart', () => {
  it('says plainly there is no customer instead of showing a form that can never be stored', () => {
    const view = toSurveyView(
      createActor(surveyMachine, { input: { customerId: null } })
        .start()
        .getSnapshot(),
    );
    expect(view).toMatchObject({ showForm: false, showNoCustomer: true });
  });

  it('submits the answers once, thanks the customer and resets the form to spec §3', async () => {
    const sent: SurveyRequest[] = [];
    const actor = createActor(
      surveyMachine.provide({
        actors: {
          submitSurvey: fromPromise<Survey, SurveyRequest>(({ input }) => {
            sent.push(input);
            return Promise.resolve(input.survey);
          }),
        },
      }),
      { input: { customerId: 'cust-1' } },
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
    expect(view.survey).toMatchObject({ customerId: 'cust-1', recommendToOthersScore: 0, comments: '' });
  });

  it('logs a failure, shows nothing, enables Submit again and keeps the answers and the key', async () => {
    const log = vi.fn();
    const keys: string[] = [];
    const actor = createActor(
      surveyMachine.provide({
        actions: { logFailure: log },
        actors: {
          submitSurvey: fromPromise<Survey, SurveyRequest>(({ input }) => {
            keys.push(input.idempotencyKey);
            return Promise.reject(new Error('offline'));
          }),
        },
      }),
      { input: { customerId: 'cust-1' } },
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
