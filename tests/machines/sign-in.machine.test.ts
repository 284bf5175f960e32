import { createActor, fromPromise, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { REFUSED_ADDRESS, signInActor } from '../../machines/sign-in/sign-in.actors';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { SignInOutcome, SignInRequest } from '../../machines/sign-in/sign-in.types';
import { toSignInView, UNREACHABLE } from '../../machines/sign-in/sign-in.view';
import { UnexpectedStatusError } from '../../machines/http-response';
import { uncovered } from '../support/coverage';
import { pathVisits, transitionPaths } from '../support/graph-paths';
import { signInModel } from '../support/sign-in.paths';

const staff = {
  id: 'x',
  email: 'owner@wash.example',
  name: '',
  role: 'owner' as const,
  sites: [],
  disabled: false,
  createdAt: '',
};

function start(answer: () => Promise<SignInOutcome>) {
  const requests: SignInRequest[] = [];
  const actor = createActor(
    signInMachine.provide({
      actors: {
        signIn: fromPromise<SignInOutcome, SignInRequest>(({ input }) => {
          requests.push(input);
          return answer();
        }),
      },
    }),
  ).start();
  const fill = (email = 'Owner@Wash.example', password = 'correct horse battery staple') => {
    actor.send({ type: 'field.changed', field: 'email', value: email });
    actor.send({ type: 'field.changed', field: 'password', value: password });
  };
  return { actor, requests, fill, view: () => toSignInView(actor.getSnapshot()) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the sign-in chart', () => {
  it('shows field messages only after a submit, and sends nothing invalid', () => {
    const { actor, requests, view } = start(() => Promise.resolve({ kind: 'wrongCredentials' }));
    expect(view().errors).toEqual({});
    actor.send({ type: 'user.submit' });
    expect(view().errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    actor.send({ type: 'field.changed', field: 'email', value: 'not an email' });
    expect(view().errors.email).toBe('Enter a valid email address');
    expect(requests).toEqual([]);
  });

  it('signs in with what was typed and ends with the staff member', async () => {
    const { actor, requests, fill, view } = start(() => Promise.resolve({ kind: 'signedIn', staff }));
    fill();
    actor.send({ type: 'user.submit' });
    expect(view().isSigningIn).toBe(true);
    await settle();
    expect(requests).toEqual([{ email: 'Owner@Wash.example', password: 'correct horse battery staple' }]);
    expect(view().isSignedIn).toBe(true);
    expect(actor.getSnapshot().context.staff).toEqual(staff);
  });

  it('says a wrong password without naming the email, clears the password and keeps the email', async () => {
    const { actor, fill, view } = start(() => Promise.resolve({ kind: 'wrongCredentials' }));
    fill();
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view()).toMatchObject({
      alert: 'Email or password is incorrect.',
      email: 'Owner@Wash.example',
      password: '',
      focusPassword: true,
    });
  });

  it('says how long to wait when throttled, and that the server could not be reached', async () => {
    let answer: () => Promise<SignInOutcome> = () => Promise.resolve({ kind: 'throttled', retryAfterSeconds: 61 });
    const { actor, fill, view } = start(() => answer());
    fill();
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toBe('Too many attempts. Try again in 2 minutes.');
    answer = () => Promise.reject(new Error('offline'));
    actor.send({ type: 'user.submit' });
    await settle();
    expect(view().alert).toBe(UNREACHABLE);
    expect(view().password).toBe('correct horse battery staple');
  });

  it('is covered: every state and transition on some generated path', () => {
    expect(uncovered(signInModel.machine, pathVisits(signInModel, transitionPaths(signInModel)))).toEqual({
      states: [],
      transitions: [],
    });
  });
});

describe('signing in: what each answer means', () => {
  const answering =
    (status: number, body: unknown = {}, retryAfter?: string) =>
    () =>
      Promise.resolve({
        status,
        json: () => Promise.resolve(body),
        headers: { get: (name: string) => (name === 'retry-after' ? (retryAfter ?? null) : null) },
      });
  const run = (signIn: ReturnType<typeof answering>, me = answering(200, staff)) =>
    toPromise(createActor(signInActor({ signIn, me }), { input: { email: 'a@b.example', password: 'x' } }).start());

  it('200 then /me is the signed-in staff member', async () => {
    expect(await run(answering(200))).toEqual({ kind: 'signedIn', staff });
  });
  it('401 is wrong credentials', async () => {
    expect(await run(answering(401))).toEqual({ kind: 'wrongCredentials' });
  });
  it("403 is never wrong credentials: the server's message names the address to open the console at", async () => {
    const message = 'Open the console at https://club.example/admin: …';
    expect(await run(answering(403, { error: { code: 'wrong_origin', message } }))).toEqual({
      kind: 'refusedAddress',
      message,
    });
    expect(await run(answering(403, { error: { code: 'forbidden', message: 'Not from here.' } }))).toEqual({
      kind: 'refusedAddress',
      message: REFUSED_ADDRESS,
    });
  });
  it('429 carries Retry-After', async () => {
    expect(await run(answering(429, {}, '120'))).toEqual({ kind: 'throttled', retryAfterSeconds: 120 });
  });
  it('400 with a field message goes back to the field', async () => {
    const body = {
      error: { code: 'validation_failed', message: 'x', issues: { email: 'Enter a valid email address' } },
    };
    expect(await run(answering(400, body))).toEqual({
      kind: 'invalid',
      errors: { email: 'Enter a valid email address' },
    });
  });
  it('5xx, or a /me that fails, is worth another try', async () => {
    await expect(run(answering(503))).rejects.toBeInstanceOf(UnexpectedStatusError);
    await expect(run(answering(200), answering(500))).rejects.toBeInstanceOf(UnexpectedStatusError);
  });
});
