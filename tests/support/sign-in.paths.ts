import type { SnapshotFrom } from 'xstate';
import { signInMachine } from '../../machines/sign-in/sign-in.machine';
import type { SignInEvent, SignInOutcome } from '../../machines/sign-in/sign-in.types';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof signInMachine>;

export type SignInPathEvent =
  | SignInEvent
  | { type: 'xstate.done.actor.signIn'; output: SignInOutcome }
  | { type: 'xstate.error.actor.signIn'; error: unknown };

const owner = {
  id: 'a0000000-0000-4000-8000-000000000001',
  email: 'owner@wash.example',
  name: '',
  role: 'owner' as const,
  sites: [],
  disabled: false,
  passwordChangeRequired: false,
  createdAt: '2026-11-24T00:00:00.000Z',
};

export const signInModel: PathModel<typeof signInMachine, SignInPathEvent> = {
  machine: signInMachine,
  inputs: { console: undefined },
  events: [
    { type: 'field.changed', field: 'email', value: 'owner@wash.example' },
    { type: 'field.changed', field: 'password', value: 'correct horse battery staple' },
    { type: 'user.submit' },
    { type: 'xstate.done.actor.signIn', output: { kind: 'signedIn', staff: owner } },
    { type: 'xstate.done.actor.signIn', output: { kind: 'wrongCredentials' } },
    { type: 'xstate.done.actor.signIn', output: { kind: 'throttled', retryAfterSeconds: 600 } },
    {
      type: 'xstate.done.actor.signIn',
      output: {
        kind: 'refusedAddress',
        message:
          'Open the console at https://club.example/admin: this server does not accept sign-ins from ' +
          'http://192.168.1.20:3000. To use this address as well, add it to TRUSTED_ORIGINS.',
      },
    },
    { type: 'xstate.done.actor.signIn', output: { kind: 'invalid', errors: { email: 'Enter a valid email address' } } },
    { type: 'xstate.error.actor.signIn', error: new Error('network') },
  ],
  serialize: (snapshot: Snapshot) =>
    JSON.stringify({
      state: snapshot.value,
      email: snapshot.context.email !== '',
      password: snapshot.context.password !== '',
      attempted: snapshot.context.attempted,
      failure: snapshot.context.failure?.kind ?? null,
      serverErrors: Object.keys(snapshot.context.serverErrors).length > 0,
    }),
};
