import type { MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol, type DescribeRouteOptions, type ResponsesWithResolver } from 'hono-openapi';
import * as v from 'valibot';
import type { ApiKeyScope } from '../../../src/domain/api-keys';
import type { ApiErrorBody, ApiErrorCode } from '../../../src/domain/api-error-body';

/** The refusals a route can give, each with the status it always comes with and what it means to a caller. */
const REFUSALS = {
  invalid_json: [400, 'The body is not valid JSON.'],
  validation_failed: [
    400,
    'Some fields are missing or invalid; `issues` maps each field to its message, and, on `POST /api/customers`, ' +
      '`codes` maps each field to a stable code for it (for clients that word the messages themselves).',
  ],
  empty_change: [400, 'The change names none of the fields the route changes: `{}`, or only fields it does not know.'],
  unauthorized: [401, 'The credential is missing or wrong.'],
  invalid_credentials: [401, 'The email or the password is wrong (which one is not said).'],
  forbidden: [403, 'Signed in, but this role, site or API key may not do this.'],
  password_change_required: [403, 'The staff member signed in with a one-time password and must change it first.'],
  wrong_origin: [
    403,
    'The console was opened at an address this server does not accept; the message names the one to use.',
  ],
  already_exists: [409, 'A record with this key already exists.'],
  last_owner: [409, 'The last enabled owner cannot be demoted or disabled.'],
  not_found: [404, 'There is no such record.'],
  registration_unavailable: [409, 'The registration code is unknown, expired or already used.'],
  invitation_used: [410, 'The survey invitation was already answered: its link answers once.'],
  invitation_expired: [410, 'The survey invitation is past its seven days.'],
  idempotency_key_reused: [409, 'The Idempotency-Key was used for another request, or its first request is running.'],
  external_id_reused: [409, "The point-of-sale's externalId was already recorded at the site for another visit."],
  payload_too_large: [413, 'The body is larger than the API accepts.'],
  unsupported_media_type: [415, 'The body is not sent as application/json.'],
  unknown_customer: [422, 'The customer id names no customer.'],
  endpoint_disabled: [409, 'The webhook endpoint is switched off.'],
  delivery_not_failed: [409, 'Only a failed delivery can be sent again.'],
  case_closed: [409, 'The follow-up case is resolved: it can no longer be assigned, contacted or resolved.'],
  code_unavailable: [409, 'The code was used, has expired, or cannot be made again: issue a new one.'],
  text_pending: [409, 'A text of this code is still waiting to go out: it is not sent twice.'],
  sms_unavailable: [422, 'send: "sms" was asked for, and this server has no SMS provider configured.'],
  sms_opted_out: [
    422,
    'send: "sms" was asked for a number that texted STOP (or another opt-out keyword): nothing is texted to it ' +
      'until it texts START.',
  ],
  rate_limited: [429, 'Too many requests from this client; Retry-After says when to try again.'],
  unavailable: [503, 'The database is not answering; Retry-After says when to try again.'],
  internal_error: [500, 'Something went wrong on our side.'],
} as const satisfies Record<ApiErrorCode, readonly [number, string]>;

const ERROR_CODES = Object.keys(REFUSALS) as [ApiErrorCode, ...ApiErrorCode[]];

/** The body of every refusal: the `Error` component of the API description. */
export const apiErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    /** Field (dot path) → its first message; only with `validation_failed`. */
    issues: v.optional(v.record(v.string(), v.string())),
    /** Field (dot path) → a stable code of its message; only beside `issues`, and only where a route gives them. */
    codes: v.optional(
      v.pipe(
        v.record(v.string(), v.string()),
        v.description(
          'Field → a stable code of its message (`firstName`, `emailInvalid`, `tooLong`, `unsupportedCharacters`, ' +
            '…), for clients that word the messages themselves; a field whose message has no code is left out.',
        ),
      ),
    ),
  }),
}) satisfies v.GenericSchema<ApiErrorBody, ApiErrorBody>;

/** Where the API description keeps the error body; every refusal refers to it. */
export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

/** What any route taking a JSON body can be refused for its body alone (`jsonBody`, `validJson`, the size cap). */
export const JSON_BODY_REFUSALS = [
  'invalid_json',
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
] as const satisfies readonly ApiErrorCode[];

/** What a partial change (a PATCH) can be refused for its body alone: `validChange`'s refusals. */
export const CHANGE_REFUSALS = [...JSON_BODY_REFUSALS, 'empty_change'] as const satisfies readonly ApiErrorCode[];

/** Every route can be refused these whatever it does. */
const ALWAYS: readonly ApiErrorCode[] = ['internal_error', 'unavailable'];

/** The security schemes of the API description (server/features/openapi/openapi.routes.ts declares them). */
export const SECURITY_SCHEMES = {
  /** Product routes: the `x-api-key` header. */
  apiKey: 'apiKey',
  /** API keys (ADMIN_API_KEY, an owner's) and the command line on /api/admin: `Authorization: Bearer …`. */
  adminKey: 'adminKey',
  /** The operator console: better-auth's HttpOnly session cookie. */
  staffSession: 'staffSession',
} as const;

/** Who may call a route, as the API description's `security` says it. */
const ACCESS = {
  /** Anyone (health, the reference, signing in). */
  open: [],
  /** A product client with `x-api-key`. */
  apiKey: [{ [SECURITY_SCHEMES.apiKey]: [] }],
  /** The admin bearer key or a staff session (the role check is the route's). */
  admin: [{ [SECURITY_SCHEMES.adminKey]: [] }, { [SECURITY_SCHEMES.staffSession]: [] }],
  /** A staff session only. */
  session: [{ [SECURITY_SCHEMES.staffSession]: [] }],
  /** A staff session if there is one; none is an answer too. */
  optionalSession: [{}, { [SECURITY_SCHEMES.staffSession]: [] }],
} as const satisfies Record<string, ReadonlyArray<Record<string, readonly string[]>>>;

export type Access = keyof typeof ACCESS;

/** A success: what its body holds, and, where one exists, the schema it follows or its media type. */
type Answer =
  | string
  | { description: string; body: v.GenericSchema }
  | { description: string; media: 'text/csv' | 'text/html' | 'text/javascript' | 'text/xml' };

interface RouteDescription {
  summary: string;
  /** The success statuses, each with what the body holds. */
  answers: Readonly<Record<number, Answer>>;
  /** The refusals this route gives besides the ones every route can. */
  refusals: readonly ApiErrorCode[];
  /**
   * Which credential the route takes, for a route without a door of its own (server/platform/access: `allow`, `productKey`,
   * `signedInStaff` say it themselves); left out, the description states none (the coverage test asks for it).
   */
  access?: Access;
}

const errorContent = { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } };

function successResponse(answer: Answer): ResponsesWithResolver[string] {
  if (typeof answer === 'string') return { description: answer };
  if ('body' in answer) {
    return { description: answer.description, content: { 'application/json': { schema: resolver(answer.body) } } };
  }
  return { description: answer.description, content: { [answer.media]: { schema: { type: 'string' as const } } } };
}

/**
 * Each route declares what it answers, next to its handler, for the API description. The body of every refusal is
 * `{ error: { code, message, issues? } }`; codes sharing a status are listed together under it.
 */
export function describe({ summary, answers, refusals, access }: RouteDescription) {
  const responses: ResponsesWithResolver = {};
  for (const [status, answer] of Object.entries(answers)) responses[status] = successResponse(answer);
  const refusalLines: Record<string, string[]> = {};
  for (const code of new Set([...refusals, ...ALWAYS])) {
    const [status, meaning] = REFUSALS[code];
    (refusalLines[status] ??= []).push(`\`${code}\`: ${meaning}`);
  }
  for (const [status, lines] of Object.entries(refusalLines)) {
    responses[status] = { description: lines.join('\n'), content: errorContent };
  }
  const spec: DescribeRouteOptions = { summary, responses, ...(access ? { security: securityOf(access) } : {}) };
  // What hono-openapi's describeRoute makes, without its middleware: an async function that only awaits `next()`,
  // on every request of the route a frame and its promises for nothing. The document reads the description from
  // the symbol, which a plain pass-through carries as well.
  const passThrough: MiddlewareHandler = (_c, next) => next();
  return Object.assign(passThrough, { [uniqueSymbol]: { spec } });
}

/**
 * The security requirements of `access`. With `admin`, `keyScope` is the permission an API key needs (listed as the
 * bearer scheme's scope); without it, the only bearer key admitted is the command line's on the server's machine.
 */
function securityOf(access: Access, keyScope?: ApiKeyScope): Record<string, string[]>[] {
  return ACCESS[access].map((requirement): Record<string, string[]> =>
    keyScope && SECURITY_SCHEMES.adminKey in requirement
      ? { [SECURITY_SCHEMES.adminKey]: [keyScope] }
      : Object.fromEntries(Object.keys(requirement).map((scheme) => [scheme, []])),
  );
}

/**
 * A door (a middleware that checks the caller) that also tells the API description which credential it admits:
 * the route states who may call it once, in the door, and the document reads it from there.
 */
export function described<M extends MiddlewareHandler>(door: M, access: Access, keyScope?: ApiKeyScope): M {
  return Object.assign(door, { [uniqueSymbol]: { spec: { security: securityOf(access, keyScope) } } });
}
