import { fromPromise } from 'xstate';
import type { ApiErrorBody } from '../../src/domain/api-error-body';
import type { StaffMember } from '../../src/domain/staff';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type { SignInOutcome, SignInRequest } from './sign-in.types';

/** The two calls a sign-in makes: the library's sign-in, then who the session belongs to. */
export interface SignInHttp {
  signIn: (request: SignInRequest) => Promise<HttpResponse & { headers?: { get(name: string): string | null } }>;
  me: () => Promise<HttpResponse>;
}

/** Said when a write was refused as coming from elsewhere and the server named no address to use instead. */
export const REFUSED_ADDRESS = 'This page may not sign in from here. Open the console at its usual address.';

/**
 * 401 is "wrong credentials"; 403 is never that: the console was opened at an address the server does not accept,
 * and the server's message says which to use. 429 says for how long; 5xx retries.
 */
export const signInActor = (http: SignInHttp) =>
  fromPromise<SignInOutcome, SignInRequest>(async ({ input }) => {
    const response = await http.signIn(input);
    if (response.status === 429) {
      const seconds = Number(response.headers?.get('retry-after') ?? '');
      return { kind: 'throttled', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
    }
    if (response.status === 400) {
      const issues = ((await bodyOf(response)) as Partial<ApiErrorBody> | null)?.error?.issues ?? {};
      const errors = Object.fromEntries(
        Object.entries(issues).filter(([field]) => field === 'email' || field === 'password'),
      );
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
      return { kind: 'wrongCredentials' };
    }
    if (response.status === 403) {
      const error = ((await bodyOf(response)) as Partial<ApiErrorBody> | null)?.error;
      return { kind: 'refusedAddress', message: error?.code === 'wrong_origin' ? error.message : REFUSED_ADDRESS };
    }
    if (response.status === 401) return { kind: 'wrongCredentials' };
    if (!isSuccess(response.status)) throw new UnexpectedStatusError(response.status);
    const me = await http.me();
    if (!isSuccess(me.status)) throw new UnexpectedStatusError(me.status);
    return { kind: 'signedIn', staff: (await me.json()) as StaffMember };
  });
