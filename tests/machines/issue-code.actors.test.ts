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

  it.each([408, 429, 500, 503])('%i is worth another try: the actor fails', async (status) => {
    await expect(run(answering(status, {}))).rejects.toBeInstanceOf(UnexpectedStatusError);
  });
});
