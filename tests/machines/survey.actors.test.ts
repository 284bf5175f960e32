import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../machines/http-response';
import { submitSurveyActor } from '../../machines/survey/survey.actors';
import type { SurveyRequest } from '../../machines/survey/survey.types';
import { emptySurvey } from '../../src/domain/survey';

/** The error an actor rejects with when the answer is one the flow cannot use. */
const unexpected = (status: number) => ({ name: 'UnexpectedStatusError', status });

const request: SurveyRequest = { survey: { ...emptySurvey('cust-1'), valueScore: 7 }, idempotencyKey: 'key-1' };

const submit = (reply: (request: SurveyRequest) => Promise<HttpResponse>, input = request) =>
  toPromise(createActor(submitSurveyActor(reply), { input }).start());

describe('the survey actor', () => {
  it('sends the survey it is given as it is, and invites to nothing when the answer makes no invitation', async () => {
    const sent: SurveyRequest[] = [];
    await expect(
      submit((input) => {
        sent.push(input);
        return Promise.resolve(Response.json({ id: 'survey-1', reviewUrl: null }, { status: 201 }));
      }),
    ).resolves.toBeNull();
    expect(sent).toEqual([request]);
    expect(sent[0]).toBe(request);
  });

  it("answers the review invitation of the stored survey: its id and the site's review page", async () => {
    const answer = { id: 'survey-1', customerId: 'cust-1', reviewUrl: 'https://g.page/r/naperville/review' };
    await expect(submit(() => Promise.resolve(Response.json(answer, { status: 201 })))).resolves.toEqual({
      surveyId: 'survey-1',
      url: 'https://g.page/r/naperville/review',
    });
  });

  it('invites to nothing after a survey with no score and no comment, whatever the answer says (decision 038)', async () => {
    const answer = { id: 'survey-2', customerId: 'cust-1', reviewUrl: 'https://g.page/r/naperville/review' };
    const empty = { survey: { ...emptySurvey('cust-1'), comments: '  ' }, idempotencyKey: 'key-2' };
    await expect(submit(() => Promise.resolve(Response.json(answer, { status: 201 })), empty)).resolves.toBeNull();
  });

  it.each([
    ['no body', new Response(null, { status: 201 })],
    ['a body that is not JSON', new Response('<html>stored</html>', { status: 200 })],
    ['a link that is not https', Response.json({ id: 's', reviewUrl: 'javascript:alert(1)' }, { status: 201 })],
    ['no survey id', Response.json({ reviewUrl: 'https://g.page/r/x/review' }, { status: 201 })],
  ])('invites to nothing, and still thanks, on a success with %s', async (_, response) => {
    await expect(submit(() => Promise.resolve(response))).resolves.toBeNull();
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
