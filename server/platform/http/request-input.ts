import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono-openapi';
import type { GenericSchema, ObjectEntries, ObjectSchema } from 'valibot';
import type { FieldErrors } from '../../../src/domain/validation';
import { ApiError, validationFailed } from './api-error';

// Hono's own rule for a JSON body, so a body this lets through is one its validator reads.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/;

/**
 * A body must be JSON before it is validated: 415 for another media type and 400 for text that does not parse,
 * rather than a list of "required" messages for a body the client did send. The text stays cached on the request,
 * where the validator parses it and the idempotency fingerprint reads it as it came.
 */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  try {
    JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  await next();
};

/** A Standard Schema issue, as much of it as the answer uses. */
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** Field → its first message, keyed by dot path as `validate` keys them: the 400 every client already reads. */
function fieldErrorsOf(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((segment) => String(typeof segment === 'object' ? segment.key : segment));
    errors[path.join('.')] ??= issue.message;
  }
  return errors;
}

/** Field → a stable code for each message, for clients that show the messages in their own words. */
type CodesOf = (errors: FieldErrors) => Record<string, string>;

const refuseInvalid =
  (codesOf?: CodesOf) => (result: { success: true } | { success: false; error: readonly Issue[] }) => {
    if (result.success) return;
    const errors = fieldErrorsOf(result.error);
    throw validationFailed(errors, codesOf?.(errors));
  };

/**
 * In the API description, each field carries the message a client is answered with when it is missing or of the
 * wrong kind (`v.string('First Name is required')`), from the same schema, so integrators read the spec's words.
 */
const WITH_MESSAGES = {
  options: {
    overrideSchema: ({ valibotSchema, jsonSchema }: { valibotSchema: { message?: unknown }; jsonSchema: object }) =>
      typeof valibotSchema.message === 'string' && !('description' in jsonSchema)
        ? { ...jsonSchema, description: `Error message: ${valibotSchema.message}` }
        : undefined,
  },
};

/**
 * The JSON body, validated by the shared schema and declared for the API description; after `jsonBody`. With
 * `codesOf`, a 400 carries `codes` beside `issues`.
 */
export const validJson = <TSchema extends GenericSchema>(schema: TSchema, options: { codesOf?: CodesOf } = {}) =>
  validator('json', schema, refuseInvalid(options.codesOf), WITH_MESSAGES);

/** The query string, validated and declared the same way. */
export const validQuery = <TSchema extends GenericSchema>(schema: TSchema) =>
  validator('query', schema, refuseInvalid(), WITH_MESSAGES);

/**
 * The JSON body of a partial change (every PATCH), validated as `validJson` does; a change that names none of the
 * fields the route changes (`{}`, or only fields it does not know, which the schema drops) is a 400 `empty_change`
 * naming them, before anything is read or written (decision 041).
 */
export const validChange = <TEntries extends ObjectEntries>(schema: ObjectSchema<TEntries, undefined>) => {
  const refuse = refuseInvalid();
  const fields = Object.keys(schema.entries).join(', ');
  return validator(
    'json',
    schema,
    (result) => {
      refuse(result);
      // The hook is handed the body as sent; a valid one is an object, whose unknown fields the schema drops.
      const sent = Object.keys(result.data);
      if (!sent.some((field) => Object.hasOwn(schema.entries, field))) {
        throw new ApiError(400, 'empty_change', `Name at least one of ${fields} to change.`);
      }
    },
    WITH_MESSAGES,
  );
};
