import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { changePasswordSchema, signInSchema, STAFF_MESSAGES, staffMemberSchema } from '../../../src/domain/staff';
import type { ApiErrorCode } from '../../../src/domain/api-error-body';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { clientLimitKey } from '../../platform/http/client-address';
import { sameOriginWrites, type ConsoleOrigins } from '../../platform/http/same-origin';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import type { Throttles } from '../../platform/limits/throttles';
import type { Auth } from './auth';
import { findStaffByEmail } from './list-staff';
import { passwordChosen } from './reset-password';

interface AuthDeps {
  db: Db;
  origins: ConsoleOrigins;
  auth: Auth;
  throttles: Throttles;
  trustProxyHops: number;
}

/** The library's refusals, in our error contract; its own codes and messages are not the API's. */
const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  429: 'rate_limited',
};

/** A JSON answer with the library's headers (its cookies), the body ours. */
function answerWith(response: Response, body: unknown): Response {
  const answer = new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  answer.headers.set('content-type', 'application/json');
  answer.headers.delete('content-length');
  return answer;
}

async function inOurContract(response: Response): Promise<Response> {
  if (response.ok) return response;
  const code = CODE_BY_STATUS[response.status];
  if (!code) return response;
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return answerWith(response, new ApiError(400, code, body?.message ?? 'The request was refused.').toBody());
}

/** The same request for the library, with the body we have already read (and validated) as its body. */
function forwarded(c: Context, body: string): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(c.req.raw.url, { method: c.req.method, headers, body });
}

/** Throttle keys hold no email: the hash of the normalised address stands for it. */
const emailKey = (email: string) => createHash('sha256').update(email).digest('base64url');

/**
 * `/api/auth/*`: only the four better-auth endpoints the console uses. Sign-in failures are counted per client,
 * per email from that client, and per email from anywhere (a shorter window: it slows guessing spread over many
 * addresses without locking the account's owner out for long), before the library is asked. A disabled account
 * goes through the same password check as any other and is refused at the session (server/features/staff/auth.ts), so
 * neither its answer nor its timing tells it apart. Sign-ins and password changes are audited.
 */
export function authRoutes(deps: AuthDeps): Hono {
  const app = new Hono();
  // Every endpoint here sets or uses the session cookie; signing someone into another account is a forgery too.
  app.use('*', sameOriginWrites(deps.origins));

  app.post(
    '/sign-in/email',
    describe({
      summary: 'Sign a staff member in: sets the session cookie',
      answers: {
        200: { description: 'The staff member; the session is in an HttpOnly cookie.', body: staffMemberSchema },
      },
      refusals: [...JSON_BODY_REFUSALS, 'invalid_credentials', 'forbidden', 'wrong_origin', 'rate_limited'],
      access: 'open',
    }),
    jsonBody,
    validJson(signInSchema),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const client = clientLimitKey(c, deps.trustProxyHops);
      const budgets = [
        { throttle: deps.throttles.signInFailuresByClient, key: client },
        { throttle: deps.throttles.signInFailuresByEmailAndClient, key: `${emailKey(email)}:${client}` },
        { throttle: deps.throttles.signInFailuresByEmail, key: emailKey(email) },
      ];
      for (const { throttle, key } of budgets) await throttle.check(c, key);

      const member = await findStaffByEmail(deps.db, email);
      const response = await deps.auth.handler(forwarded(c, JSON.stringify({ email, password, rememberMe: true })));
      // The library refuses a disabled account's session itself (server/features/staff/auth.ts); this says so again here, so
      // that no change there could hand one its cookie.
      if (response.ok && member && !member.disabled) {
        await recordAudit(deps.db, { actor: { kind: 'staff', id: member.id }, action: 'sign_in', client });
        // The library answers the session token in the body too; the cookie is where it belongs (HttpOnly), so the
        // body is the staff member, and only the cookie carries the session.
        return answerWith(response, member);
      }
      if (!response.ok && response.status !== 401) return inOurContract(response);

      if (member) {
        await recordAudit(deps.db, { actor: { kind: 'staff', id: member.id }, action: 'sign_in_failed', client });
      }
      for (const { throttle, key } of budgets) await throttle.take(c, key);
      throw new ApiError(401, 'invalid_credentials', STAFF_MESSAGES.wrongCredentials);
    },
  );

  app.post(
    '/sign-out',
    describe({
      summary: 'End the session',
      answers: { 200: '`{ success: true }`; the cookie is cleared.' },
      refusals: ['forbidden'],
      access: 'session',
    }),
    async (c) => {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      const response = await inOurContract(await deps.auth.handler(forwarded(c, '{}')));
      if (response.ok && session) {
        await recordAudit(deps.db, {
          actor: { kind: 'staff', id: session.user.id },
          action: 'sign_out',
          client: clientLimitKey(c, deps.trustProxyHops),
        });
      }
      return response;
    },
  );

  app.post(
    '/change-password',
    describe({
      summary: "Change the signed-in staff member's password; their other sessions end",
      answers: { 200: 'The password is changed.' },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'forbidden', 'wrong_origin', 'rate_limited'],
      access: 'session',
    }),
    jsonBody,
    validJson(changePasswordSchema),
    async (c) => {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      if (!session) throw new ApiError(401, 'unauthorized', 'Sign in to use the console.');
      // A session left open on a shared till must not become a way to guess the password behind it.
      await deps.throttles.passwordChangeFailures.check(c, session.user.id);
      const change = { ...c.req.valid('json'), revokeOtherSessions: true };
      const response = await deps.auth.handler(forwarded(c, JSON.stringify(change)));
      if (response.status === 400) {
        // The library's 400 here is a wrong current password.
        await deps.throttles.passwordChangeFailures.take(c, session.user.id);
        throw new ApiError(400, 'validation_failed', 'Some fields are missing or invalid.', {
          currentPassword: 'The current password is not right',
        });
      }
      if (response.ok) {
        await passwordChosen(deps.db, session.user.id);
        await recordAudit(deps.db, {
          actor: { kind: 'staff', id: session.user.id },
          action: 'password_changed',
          client: clientLimitKey(c, deps.trustProxyHops),
        });
      }
      return inOurContract(response);
    },
  );

  app.get(
    '/get-session',
    describe({
      summary: 'The current session, or null',
      answers: { 200: '`{ session, user }` or null; the session without its token, which only the cookie carries.' },
      refusals: [],
      access: 'optionalSession',
    }),
    async (c) => {
      const response = await deps.auth.handler(c.req.raw);
      if (!response.ok) return inOurContract(response);
      const body = (await response.json()) as { session?: { token?: unknown } } | null;
      if (body?.session) delete body.session.token;
      return answerWith(response, body);
    },
  );

  app.all('*', () => {
    throw new ApiError(404, 'not_found', 'There is no such API route.');
  });
  return app;
}
