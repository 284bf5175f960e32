import { createActor, toPromise, type PromiseActorLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../../machines/http-response';
import { fetchRegistrationActor, submitCustomerActor } from '../../machines/profile/profile.actors';
import type { SubmitRequest } from '../../machines/profile/profile.types';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { emptyCustomerForm } from '../../src/domain/customer';
import { createdCustomer, openRegistration } from '../support/profile.paths';

/** The error an actor rejects with when the answer is one the flow cannot use. */
const unexpected = (status: number) => ({ name: 'UnexpectedStatusError', status });

const answer = (status: number, body?: unknown): Promise<HttpResponse> =>
  Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));

const refusal = (status: number, issues?: Record<string, string>) =>
  answer(status, { error: { code: 'validation_failed', message: 'Refused in test', ...(issues ? { issues } : {}) } });

const run = <TOutput, TInput>(logic: PromiseActorLogic<TOutput, TInput>, input: TInput) =>
  toPromise(createActor(logic, { input }).start());

const request: SubmitRequest = {
  submission: { ...emptyCustomerForm('reg-open'), consentVersion: CONSENT_VERSION },
  idempotencyKey: 'key-1',
};

describe('the submit actor: what each answer means (decision 005)', () => {
  const submit = (reply: () => Promise<HttpResponse>) => run(submitCustomerActor(reply), request);

  it('sends the submission it is given as it is, once', async () => {
    const sent: SubmitRequest[] = [];
    await run(
      submitCustomerActor((input) => {
        sent.push(input);
        return answer(201, createdCustomer);
      }),
      request,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBe(request);
  });

  it('gives the created customer on a 201', async () => {
    await expect(submit(() => answer(201, createdCustomer))).resolves.toEqual({
      kind: 'created',
      customer: createdCustomer,
    });
  });

  it('gives the messages for fields on screen on a 400, and only those', async () => {
    const issues = { email: 'This email address cannot receive mail', registrationId: 'Registration code is missing' };
    await expect(submit(() => refusal(400, issues))).resolves.toEqual({
      kind: 'invalid',
      errors: { email: 'This email address cannot receive mail' },
    });
  });

  it.each([
    ['with messages only for fields not on screen', () => refusal(400, { registrationId: 'x', mobileNumber: 'y' })],
    ['with no messages', () => refusal(400)],
    ['whose body is not JSON', () => Promise.resolve(new Response('<html>Bad Request</html>', { status: 400 }))],
  ])('treats a 400 %s as a refused code', async (_, reply) => {
    await expect(submit(reply)).resolves.toEqual({ kind: 'refused' });
  });

  it.each([404, 409, 413, 422])('treats a %i as a refused code, whatever messages it carries', async (status) => {
    await expect(submit(() => refusal(status, { email: 'Invalid Email' }))).resolves.toEqual({ kind: 'refused' });
  });

  it.each([408, 429, 500, 502, 503])('rejects on a %i, which is worth trying again', async (status) => {
    await expect(submit(() => refusal(status))).rejects.toMatchObject(unexpected(status));
  });

  it('rejects when no answer comes', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(submit(() => Promise.reject(offline))).rejects.toBe(offline);
  });
});

describe('the lookup actor: what each answer means (decision 005)', () => {
  const lookup = (reply: () => Promise<HttpResponse>) =>
    run(
      fetchRegistrationActor(() => reply()),
      { token: 'code-open' },
    );

  it('gives the registration on a 200, looked up by the code it is given', async () => {
    const tokens: string[] = [];
    const found = await run(
      fetchRegistrationActor(({ token }) => {
        tokens.push(token);
        return answer(200, openRegistration);
      }),
      { token: 'code-open' },
    );
    expect(found).toEqual({ kind: 'found', registration: openRegistration });
    expect(tokens).toEqual(['code-open']);
  });

  it.each([400, 404, 409, 410])('treats a %i as a refused code', async (status) => {
    await expect(lookup(() => refusal(status))).resolves.toEqual({ kind: 'refused' });
  });

  it.each([408, 429, 500, 503])('rejects on a %i, which is worth trying again', async (status) => {
    await expect(lookup(() => refusal(status))).rejects.toMatchObject(unexpected(status));
  });

  it('rejects when no answer comes', async () => {
    const offline = new TypeError('Failed to fetch');
    await expect(lookup(() => Promise.reject(offline))).rejects.toBe(offline);
  });

  it('aborts the request when the flow no longer waits for it', () => {
    let signal: AbortSignal | undefined;
    const actor = createActor(
      fetchRegistrationActor((_, abort) => {
        signal = abort;
        return new Promise<HttpResponse>(() => {});
      }),
      { input: { token: 'code-open' } },
    ).start();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});

describe('the edges of each answer (decision 005)', () => {
  const submit = (reply: () => Promise<HttpResponse>) => run(submitCustomerActor(reply), request);
  const lookup = (reply: () => Promise<HttpResponse>) => run(fetchRegistrationActor(reply), { token: 'code-open' });

  it('treats a 499 as a refused code, looked up or submitted', async () => {
    await expect(lookup(() => refusal(499))).resolves.toEqual({ kind: 'refused' });
    await expect(submit(() => refusal(499, { email: 'Invalid Email' }))).resolves.toEqual({ kind: 'refused' });
  });

  it.each([302, 399])('rejects on a %i, which is no answer about the code', async (status) => {
    await expect(lookup(() => answer(status))).rejects.toMatchObject(unexpected(status));
    await expect(submit(() => answer(status))).rejects.toMatchObject(unexpected(status));
  });

  it.each([
    ['messages that are not text', { error: { code: 'x', message: 'x', issues: { email: 5 } } }],
    ['messages that are a sentence, not a list', { error: { code: 'x', message: 'x', issues: 'email is wrong' } }],
    ['messages that are null', { error: { code: 'x', message: 'x', issues: null } }],
    ['no error at all', { ok: false }],
  ])('treats a 400 with %s as a refused code', async (_, body) => {
    await expect(submit(() => answer(400, body))).resolves.toEqual({ kind: 'refused' });
  });
});
