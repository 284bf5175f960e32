import type { SignInRequest } from '../../../machines/sign-in/sign-in.types';
import { consoleApi } from '../client';
import { requestMe } from '../session';

/** What the sign-in flow calls, answering with any status: the email and password, then who that is. */
export const signInRequests = {
  signIn: (body: SignInRequest) => consoleApi.post('auth/sign-in/email', { json: body }),
  me: requestMe,
};
