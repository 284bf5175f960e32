import { createActor, fromPromise, toPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { REFUSED_ADDRESS, signInActor } from '../../machines/sign-in/sign-in.actors';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { SignInOutcome, SignInRequest } from '../../machines/sign-in/sign-in.types';
import { throttledMessage, toSignInView, UNREACHABLE } from '../../machines/sign-in/sign-in.view';
import { UnexpectedStatusError, type HttpResponse } from '../../machines/http-response';
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
  passwordChangeRequired: false,
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
    expect(actor.getSnapshot().status).toBe('done');
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

  it('says a wrong password in one message: the emptied password box has none of its own', async () => {
    const { actor, fill, view } = start(() => Promise.resolve({ kind: 'wrongCredentials' }));
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().alert).toBe('Email or password is incorrect.'));
    expect(view().errors).toEqual({});
    // A submit of the empty box is the staff member's own: that one says the password is required.
    actor.send({ type: 'user.submit' });
    expect(view().errors).toEqual({ password: 'Password is required' });
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

describe('what the sign-in page shows', () => {
  it('starts empty, with no alert, no focus and no messages', () => {
    const { view } = start(() => Promise.resolve({ kind: 'wrongCredentials' }));
    expect(view()).toEqual({
      email: '',
      password: '',
      errors: {},
      isSigningIn: false,
      alert: null,
      focusPassword: false,
      isSignedIn: false,
    });
  });

  it('shows what was typed, and no message while signing in after a failure', async () => {
    let answer: () => Promise<SignInOutcome> = () => Promise.reject(new Error('offline'));
    const { actor, fill, view } = start(() => answer());
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().alert).toBe('Could not reach the server. Try again.'));
    expect(view().focusPassword).toBe(false);
    answer = () => new Promise(() => {});
    actor.send({ type: 'user.submit' });
    expect(view()).toEqual({
      email: 'Owner@Wash.example',
      password: 'correct horse battery staple',
      errors: {},
      isSigningIn: true,
      alert: null,
      focusPassword: false,
      isSignedIn: false,
    });
  });

  it('forgets the failure once signed in', async () => {
    let answer: () => Promise<SignInOutcome> = () => Promise.resolve({ kind: 'wrongCredentials' });
    const { actor, fill, view } = start(() => answer());
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().focusPassword).toBe(true));
    answer = () => Promise.resolve({ kind: 'signedIn', staff });
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().isSignedIn).toBe(true));
    expect(view()).toMatchObject({ alert: null, focusPassword: false, isSigningIn: false });
  });

  it("says the server's message when the address is refused, and keeps both fields", async () => {
    const message = 'Open the console at https://club.example/admin.';
    const { actor, fill, view } = start(() => Promise.resolve({ kind: 'refusedAddress', message }));
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(view().alert).toBe(message));
    expect(view()).toMatchObject({
      email: 'Owner@Wash.example',
      password: 'correct horse battery staple',
      focusPassword: false,
      isSigningIn: false,
    });
  });

  it("puts the server's field messages on the fields until each is edited", async () => {
    const { actor, fill, view } = start(() =>
      Promise.resolve({ kind: 'invalid', errors: { email: 'Use your work address', password: 'Too common' } }),
    );
    fill();
    actor.send({ type: 'user.submit' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(view()).toMatchObject({
      errors: { email: 'Use your work address', password: 'Too common' },
      alert: null,
      password: 'correct horse battery staple',
    });
    actor.send({ type: 'field.changed', field: 'email', value: 'owner@wash.example' });
    expect(view().errors).toEqual({ password: 'Too common' });
    expect(view().email).toBe('owner@wash.example');
  });

  it.each([
    [1, 'Too many attempts. Try again in 1 minute.'],
    [60, 'Too many attempts. Try again in 1 minute.'],
    [61, 'Too many attempts. Try again in 2 minutes.'],
    [120, 'Too many attempts. Try again in 2 minutes.'],
  ])('says a wait of %i seconds as "%s"', (seconds, message) => {
    expect(throttledMessage(seconds)).toBe(message);
  });
});

describe('signing in: the edges of each answer', () => {
  const answering =
    (status: number, body?: unknown, headers?: Record<string, string>) =>
    (): Promise<HttpResponse & { headers?: { get(name: string): string | null } }> =>
      Promise.resolve({
        status,
        json: () => (body === undefined ? Promise.reject(new Error('no body')) : Promise.resolve(body)),
        ...(headers ? { headers: { get: (name: string) => headers[name] ?? null } } : {}),
      });
  /** The outcome, and how often /me was asked. */
  const attempt = async (signIn: ReturnType<typeof answering>, me = answering(200, staff)) => {
    let meCalls = 0;
    const outcome = await toPromise(
      createActor(
        signInActor({
          signIn,
          me: () => {
            meCalls += 1;
            return me();
          },
        }),
        { input: { email: 'a@b.example', password: 'x' } },
      ).start(),
    );
    return { outcome, meCalls };
  };

  it('sends the email and password it is given', async () => {
    const sent: SignInRequest[] = [];
    const input = { email: 'a@b.example', password: 'x' };
    await toPromise(
      createActor(
        signInActor({
          signIn: (request) => {
            sent.push(request);
            return answering(401)();
          },
          me: answering(200, staff),
        }),
        { input },
      ).start(),
    );
    expect(sent).toEqual([input]);
  });

  it.each([
    ['no Retry-After', undefined, 60],
    ['a Retry-After of 0', { 'retry-after': '0' }, 60],
    ['a negative Retry-After', { 'retry-after': '-5' }, 60],
    ['a Retry-After that is a date', { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }, 60],
    ['a Retry-After of 1', { 'retry-after': '1' }, 1],
  ])('429 with %s waits %i seconds', async (_, headers, seconds) => {
    expect((await attempt(answering(429, {}, headers))).outcome).toEqual({
      kind: 'throttled',
      retryAfterSeconds: seconds,
    });
  });

  it('400 keeps the messages for the password and drops any other field', async () => {
    const body = { error: { code: 'validation_failed', message: 'x', issues: { password: 'Too short', role: 'no' } } };
    expect((await attempt(answering(400, body))).outcome).toEqual({
      kind: 'invalid',
      errors: { password: 'Too short' },
    });
  });

  it.each([
    ['messages only for other fields', { error: { code: 'x', message: 'x', issues: { role: 'no' } } }],
    ['no messages', { error: { code: 'x', message: 'x' } }],
    ['a body that is not JSON', undefined],
    ['a body without an error', { message: 'Bad Request' }],
  ])('400 with %s is wrong credentials', async (_, body) => {
    expect((await attempt(answering(400, body))).outcome).toEqual({ kind: 'wrongCredentials' });
  });

  it('403 without a body says the address is refused in its own words', async () => {
    expect((await attempt(answering(403))).outcome).toEqual({
      kind: 'refusedAddress',
      message: 'This page may not sign in from here. Open the console at its usual address.',
    });
  });

  it('asks /me only after a success, whatever 2xx it is', async () => {
    expect(await attempt(answering(401))).toEqual({ outcome: { kind: 'wrongCredentials' }, meCalls: 0 });
    expect(await attempt(answering(204))).toEqual({ outcome: { kind: 'signedIn', staff }, meCalls: 1 });
  });

  it.each([302, 404, 500])('%i from the sign-in is worth another try, without asking /me', async (status) => {
    let meCalls = 0;
    const actor = createActor(
      signInActor({
        signIn: answering(status, {}),
        me: () => {
          meCalls += 1;
          return answering(200, staff)();
        },
      }),
      { input: { email: 'a@b.example', password: 'x' } },
    ).start();
    await expect(toPromise(actor)).rejects.toMatchObject({ name: 'UnexpectedStatusError', status });
    expect(meCalls).toBe(0);
  });

  it('a /me that answers 401 is worth another try, with its status', async () => {
    await expect(attempt(answering(200), answering(401))).rejects.toMatchObject({
      name: 'UnexpectedStatusError',
      status: 401,
    });
  });
});
