import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates like the form shows errors: the first failing rule of each field, keyed by its dotted path.
 * `abortPipeEarly` makes "Email is required" win over "Invalid Email" for an empty email, as spec §5 orders them.
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { ok: true, value: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const path = v.getDotPath(issue) ?? '';
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Control characters other than tab and line breaks: never typed by a person; U+0000 cannot even be stored. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** Text a database can store and a person could have typed. */
export const plainText = (message: string) => v.check((text: string) => !hasControlCharacters(text), message);

export const UNSUPPORTED_CHARACTERS = 'Remove the unsupported characters';
