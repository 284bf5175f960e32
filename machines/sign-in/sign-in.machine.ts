import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { StaffMember } from '../../src/domain/staff';
import { signInSchema } from '../../src/domain/staff';
import { validate, type FieldErrors } from '../../src/domain/validation';
import type { SignInContext, SignInEvent, SignInOutcome, SignInRequest } from './sign-in.types';

/** The messages the form shows: the schema's, then what the server said of fields not edited since. */
export function signInErrors(context: Pick<SignInContext, 'email' | 'password' | 'serverErrors'>): FieldErrors {
  const result = validate(signInSchema, { email: context.email, password: context.password });
  return { ...context.serverErrors, ...(result.ok ? {} : result.errors) };
}

function outcomeOf<K extends SignInOutcome['kind']>(
  output: SignInOutcome,
  kind: K,
): Extract<SignInOutcome, { kind: K }> {
  if (output.kind !== kind) throw new Error(`Expected a ${kind} outcome, got ${output.kind}`);
  return output as Extract<SignInOutcome, { kind: K }>;
}

/**
 * Staff sign-in: the form, one attempt at a time, and what went wrong said without telling whether the email
 * exists. A wrong password clears the password (the email stays) and says so in one message, the alert's; the view
 * then focuses the password. A sign-in refused for the address the console was opened at keeps both fields: nothing
 * typed was wrong.
 */
export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent },
  actors: {
    // Provided by the console (sign-in.actors.ts); the placeholder keeps the chart runnable in tests.
    signIn: fromPromise<SignInOutcome, SignInRequest>(() => Promise.resolve({ kind: 'wrongCredentials' })),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      const { [event.field]: _edited, ...serverErrors } = context.serverErrors;
      return { [event.field]: event.value, serverErrors };
    }),
    markAttempted: assign({ attempted: true, failure: null }),
    keepStaff: assign((_, staff: StaffMember) => ({ staff, failure: null })),
    // The emptied password is not a mistake of the staff member's: no field message until they submit again, so
    // the alert's is the one message.
    failWrongCredentials: assign({ failure: { kind: 'wrongCredentials' as const }, password: '', attempted: false }),
    failThrottled: assign((_, retryAfterSeconds: number) => ({
      failure: { kind: 'throttled' as const, retryAfterSeconds },
    })),
    failRefusedAddress: assign((_, message: string) => ({ failure: { kind: 'refusedAddress' as const, message } })),
    keepFieldErrors: assign((_, errors: FieldErrors) => ({ serverErrors: errors })),
    failUnreachable: assign({ failure: { kind: 'unreachable' as const } }),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(signInErrors(context)).length === 0,
    is: (_, { output, kind }: { output: SignInOutcome; kind: SignInOutcome['kind'] }) => output.kind === kind,
  },
}).createMachine({
  id: 'signIn',
  context: { email: '', password: '', attempted: false, serverErrors: {}, failure: null, staff: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: 'changeField' },
        'user.submit': [
          { guard: 'formIsValid', target: 'signingIn', actions: 'markAttempted' },
          { actions: 'markAttempted' },
        ],
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, kind: 'signedIn' as const }) },
            target: 'signedIn',
            actions: { type: 'keepStaff', params: ({ event }) => outcomeOf(event.output, 'signedIn').staff },
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, kind: 'throttled' as const }) },
            target: 'editing',
            actions: {
              type: 'failThrottled',
              params: ({ event }) => outcomeOf(event.output, 'throttled').retryAfterSeconds,
            },
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, kind: 'refusedAddress' as const }) },
            target: 'editing',
            actions: {
              type: 'failRefusedAddress',
              params: ({ event }) => outcomeOf(event.output, 'refusedAddress').message,
            },
          },
          {
            guard: { type: 'is', params: ({ event }) => ({ output: event.output, kind: 'invalid' as const }) },
            target: 'editing',
            actions: { type: 'keepFieldErrors', params: ({ event }) => outcomeOf(event.output, 'invalid').errors },
          },
          { target: 'editing', actions: 'failWrongCredentials' },
        ],
        onError: { target: 'editing', actions: 'failUnreachable' },
      },
    },
    /** The console takes over from here (to where the staff member was going). */
    signedIn: { type: 'final' },
  },
});
