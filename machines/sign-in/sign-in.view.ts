import type { SnapshotFrom } from 'xstate';
import { STAFF_MESSAGES } from '../../src/domain/staff';
import { signInErrors, type signInMachine } from './sign-in.machine';

export interface SignInView {
  email: string;
  password: string;
  /** Shown only after the first submit. */
  errors: { email?: string; password?: string };
  isSigningIn: boolean;
  /** The alert above the form, when the attempt failed for a reason no field owns. */
  alert: string | null;
  /** After a wrong password the password field is cleared and takes the focus. */
  focusPassword: boolean;
  isSignedIn: boolean;
}

export const UNREACHABLE = 'Could not reach the server. Try again.';

export function throttledMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function toSignInView(snapshot: SnapshotFrom<typeof signInMachine>): SignInView {
  const { context } = snapshot;
  const failure = context.failure;
  return {
    email: context.email,
    password: context.password,
    errors: context.attempted ? signInErrors(context) : {},
    isSigningIn: snapshot.matches('signingIn'),
    alert:
      failure?.kind === 'wrongCredentials'
        ? STAFF_MESSAGES.wrongCredentials
        : failure?.kind === 'throttled'
          ? throttledMessage(failure.retryAfterSeconds)
          : failure?.kind === 'refusedAddress'
            ? failure.message
            : failure?.kind === 'unreachable'
              ? UNREACHABLE
              : null,
    focusPassword: failure?.kind === 'wrongCredentials',
    isSignedIn: snapshot.matches('signedIn'),
  };
}
