import { describeRoute } from 'hono-openapi';
import type { ApiErrorCode } from '../../src/domain/api-error';

/** The refusals a route can give, each with the status it always comes with and what it means to a caller. */
const REFUSALS = {
  invalid_json: [400, 'The body is not valid JSON.'],
  validation_failed: [400, 'Some fields are missing or invalid; `issues` maps each field to its message.'],
  unauthorized: [401, 'The credential is missing or wrong.'],
  invalid_credentials: [401, 'The email or the password is wrong (which one is not said).'],
  forbidden: [403, 'Signed in, but this role or site may not do this.'],
  already_exists: [409, 'A record with this key already exists.'],
  last_owner: [409, 'The last enabled owner cannot be demoted or disabled.'],
  not_found: [404, 'There is no such record.'],
  registration_unavailable: [409, 'The registration code is unknown, expired or already used.'],
  idempotency_key_reused: [409, 'The Idempotency-Key was used for another request, or its first request is running.'],
  payload_too_large: [413, 'The body is larger than the API accepts.'],
  unsupported_media_type: [415, 'The body is not sent as application/json.'],
  unknown_customer: [422, 'The customer id names no customer.'],
  endpoint_disabled: [409, 'The webhook endpoint is switched off.'],
  delivery_not_failed: [409, 'Only a failed delivery can be sent again.'],
  sms_unavailable: [422, 'send: "sms" was asked for, and this server has no SMS provider configured.'],
  rate_limited: [429, 'Too many requests from this client; Retry-After says when to try again.'],
  unavailable: [503, 'The database is not answering; Retry-After says when to try again.'],
  internal_error: [500, 'Something went wrong on our side.'],
} as const satisfies Record<ApiErrorCode, readonly [number, string]>;

/** What any route taking a JSON body can be refused for its body alone (`jsonBody`, `validJson`, the size cap). */
export const JSON_BODY_REFUSALS = [
  'invalid_json',
  'validation_failed',
  'payload_too_large',
  'unsupported_media_type',
] as const satisfies readonly ApiErrorCode[];

/** Every route can be refused these whatever it does. */
const ALWAYS: readonly ApiErrorCode[] = ['internal_error', 'unavailable'];

interface RouteDescription {
  summary: string;
  /** The success statuses, each with what the body holds. */
  answers: Readonly<Record<number, string>>;
  /** The refusals this route gives besides the ones every route can. */
  refusals: readonly ApiErrorCode[];
}

/**
 * Each route declares what it answers, next to its handler, for the API description. The body of every refusal is
 * `{ error: { code, message, issues? } }`; codes sharing a status are listed together under it.
 */
export function describe({ summary, answers, refusals }: RouteDescription) {
  const responses: Record<string, { description: string }> = {};
  for (const [status, description] of Object.entries(answers)) responses[status] = { description };
  for (const code of [...refusals, ...ALWAYS]) {
    const [status, meaning] = REFUSALS[code];
    const line = `\`${code}\`: ${meaning}`;
    const listed = responses[status];
    responses[status] = { description: listed ? `${listed.description}\n${line}` : line };
  }
  return describeRoute({ summary, responses });
}
