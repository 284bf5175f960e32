import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { issueCodeActor } from '../../machines/issue-code/issue-code.actors';
import { UnexpectedStatusError } from '../../machines/http-response';
import type { IssueRequest } from '../../machines/issue-code/issue-code.types';

const request: IssueRequest = {
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-24',
  siteId: '7',
};

const answering = (status: number, body: unknown) => () =>
  Promise.resolve({
    status,
    json: () => (body === undefined ? Promise.reject(new Error('no body')) : Promise.resolve(body)),
  });

const run = (http: ReturnType<typeof answering>) =>
  toPromise(createActor(issueCodeActor(http), { input: request }).start());

describe('issuing a code: what each answer means', () => {
  it('201 is the issued code', async () => {
    const issued = { token: 't', url: 'https://club.example/?id=t', registration: {} };
    expect(await run(answering(201, issued))).toEqual({ kind: 'issued', issued });
  });

  it('400 with messages for the form’s fields goes back to the form, other keys left out', async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'x',
        issues: { mobileNumber: 'Enter a valid mobile number', saleDate: 'no' },
      },
    };
    expect(await run(answering(400, body))).toEqual({
      kind: 'invalid',
      errors: { mobileNumber: 'Enter a valid mobile number' },
    });
  });

  it('403, and a 400 about nothing on the form, are said as the server says them', async () => {
    const forbidden = { error: { code: 'forbidden', message: 'You may issue codes only for your own sites.' } };
    expect(await run(answering(403, forbidden))).toEqual({ kind: 'refused', message: forbidden.error.message });
    expect(await run(answering(400, { error: { code: 'invalid_json', message: 'Bad body.' } }))).toEqual({
      kind: 'refused',
      message: 'Bad body.',
    });
    expect(await run(answering(404, undefined))).toEqual({ kind: 'refused', message: 'The code could not be issued.' });
  });

  it('401 says the session ended', async () => {
    expect(await run(answering(401, { error: { code: 'unauthorized', message: 'Sign in.' } }))).toEqual({
      kind: 'refused',
      message: 'Your session has ended. Sign in again to issue codes.',
    });
  });

  it("422 sms_opted_out is a number that opted out of texts, in the server's words; another 422 is a refusal", async () => {
    const message = 'This number has opted out of texts (it replied STOP): give the customer the link another way.';
    expect(await run(answering(422, { error: { code: 'sms_opted_out', message } }))).toEqual({
      kind: 'optedOut',
      message,
    });
    const unavailable = { error: { code: 'sms_unavailable', message: 'Text messages are not set up.' } };
    expect(await run(answering(422, unavailable))).toEqual({ kind: 'refused', message: unavailable.error.message });
    expect(await run(answering(403, { error: { code: 'sms_opted_out', message } }))).toEqual({
      kind: 'refused',
      message,
    });
  });

  it.each([408, 429, 500, 503])('%i is worth another try: the actor fails', async (status) => {
    await expect(run(answering(status, {}))).rejects.toBeInstanceOf(UnexpectedStatusError);
  });
});

describe('issuing a code: the edges of each answer', () => {
  it('sends the request it is given', async () => {
    const sent: IssueRequest[] = [];
    await toPromise(
      createActor(
        issueCodeActor((input) => {
          sent.push(input);
          return answering(201, { token: 't', url: 'u', registration: {} })();
        }),
        { input: request },
      ).start(),
    );
    expect(sent).toEqual([request]);
  });

  it('499 is still the server saying no', async () => {
    expect(await run(answering(499, { error: { code: 'x', message: 'No.' } }))).toEqual({
      kind: 'refused',
      message: 'No.',
    });
  });

  it.each([302, 399])('%i is not an answer the flow can use: the actor fails', async (status) => {
    await expect(run(answering(status, {}))).rejects.toMatchObject({ name: 'UnexpectedStatusError', status });
  });

  it('400 leaves out a field message that is not text', async () => {
    const body = { error: { code: 'validation_failed', message: 'Check the form.', issues: { planName: 3 } } };
    expect(await run(answering(400, body))).toEqual({ kind: 'refused', message: 'Check the form.' });
  });

  it('a refusal other than 400 is said as the server says it, even with field messages', async () => {
    const body = { error: { code: 'conflict', message: 'Already issued.', issues: { planName: 'Taken' } } };
    expect(await run(answering(409, body))).toEqual({ kind: 'refused', message: 'Already issued.' });
  });

  it('400 without a body is the general refusal', async () => {
    expect(await run(answering(400, undefined))).toEqual({ kind: 'refused', message: 'The code could not be issued.' });
  });
});

it('400 with a message for every field of the form gives them all back to the form', async () => {
  const issues = {
    mobileNumber: 'Enter a valid mobile number',
    planName: 'Plan name is required',
    amount: 'Enter the amount, such as 29.99',
    rechargeDate: 'Choose the renewal date',
    siteId: 'Choose a site',
  };
  const body = { error: { code: 'validation_failed', message: 'x', issues } };
  expect(await run(answering(400, body))).toEqual({ kind: 'invalid', errors: issues });
});
