import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../machines/http-response';
import { submitSurveyActor } from '../../machines/survey/survey.actors';
import type { SurveyRequest } from '../../machines/survey/survey.types';
import { emptySurvey } from '../../src/domain/survey';

/** The error an actor rejects with when the answer is one the flow cannot use. */
const unexpected = (status: number) => ({ name: 'UnexpectedStatusError', status });

const request: SurveyRequest = { survey: { ...emptySurvey('cust-1'), valueScore: 7 }, idempotencyKey: 'key-1' };

const submit = (reply: (request: SurveyRequest) => Promise<HttpResponse>) =>
  toPromise(createActor(submitSurveyActor(reply), { input: request }).start());

describe('the survey actor', () => {
  it('sends the survey it is given as it is, and does not read the answer (docs/spec.md §7)', async () => {
    const sent: SurveyRequest[] = [];
    const unread: HttpResponse = { status: 201, json: () => Promise.reject(new Error('the body was read')) };
    await expect(
      submit((input) => {
        sent.push(input);
        return Promise.resolve(unread);
      }),
    ).resolves.toBeUndefined();
    expect(sent).toEqual([request]);
    expect(sent[0]).toBe(request);
  });

  it.each([400, 404, 409, 429, 500])('rejects on a %i, which the chart only logs (docs/spec.md §4)', async (status) => {
    await expect(submit(() => Promise.resolve(new Response(null, { status })))).rejects.toMatchObject(
      unexpected(status),
    );
  });

  it('rejects when no answer comes', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(submit(() => Promise.reject(offline))).rejects.toBe(offline);
  });
});
