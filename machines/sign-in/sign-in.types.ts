import type { StaffMember } from '../../src/domain/staff';
import type { FieldErrors } from '../../src/domain/validation';

export interface SignInContext {
  email: string;
  password: string;
  /** Set by the first submit: no field shows a message before it. */
  attempted: boolean;
  /** Messages the server gave for fields, until the field is edited. */
  serverErrors: FieldErrors;
  /** Why the last attempt failed, when it was not a field's fault. */
  failure:
    | { kind: 'wrongCredentials' }
    | { kind: 'throttled'; retryAfterSeconds: number }
    | { kind: 'refusedAddress'; message: string }
    | { kind: 'unreachable' }
    | null;
  staff: StaffMember | null;
}

export type SignInEvent =
  { type: 'field.changed'; field: 'email' | 'password'; value: string } | { type: 'user.submit' };

export type SignInOutcome =
  | { kind: 'signedIn'; staff: StaffMember }
  | { kind: 'wrongCredentials' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  /** The server does not take sign-ins from the address the console was opened at; its message names the right one. */
  | { kind: 'refusedAddress'; message: string }
  | { kind: 'invalid'; errors: FieldErrors };

export interface SignInRequest {
  email: string;
  password: string;
}
