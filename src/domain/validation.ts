import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * Validates like the form shows errors: the first failing rule of each field, keyed by its dotted path.
 * `abortPipeEarly` makes "Email is required" win over "Invalid Email" for an empty email, as docs/spec.md §5 orders them.
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

/**
 * Spaces and characters that draw nothing: zero-width and other format characters, default-ignorables such as
 * the soft hyphen, and the Braille blank (U+2800), which has no property saying so but is the usual stand-in
 * for an invisible name. `trim()` leaves all but the spaces behind.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]*$/u;

/** Text that shows nothing: empty, or made only of spaces and characters that draw nothing. */
export const isBlank = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** Embeddings, overrides, isolates and marks: they make text show in an order other than it is stored. */
const BIDI_CONTROL = /\p{Bidi_Control}/u;

/**
 * Text that shows as what it holds. A joiner or mark between letters is writing (Persian needs its zero-width
 * non-joiner); text made only of them shows nothing. Empty text passes: whether a field may be empty is for
 * `v.nonEmpty`, which runs first so that an invisible name gets the same "… is required" as an empty one.
 */
export function showsAsWritten(text: string): boolean {
  return (text === '' || !isBlank(text)) && !BIDI_CONTROL.test(text);
}

export const visibleText = (message: string) => v.check(showsAsWritten, message);

/** Text that draws something: not empty, nor only spaces and characters that draw nothing. */
export const drawsSomething = (text: string): boolean => text !== '' && !INVISIBLE_ONLY.test(text);

/** Control characters (tab and line breaks among them) and the line and paragraph separators. */
const BREAKS_THE_LINE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * One line, shown in the order it is stored: what a name or a title typed into one box holds. A list, an email's
 * subject or a CSV cell shows nothing else as it is.
 */
export const oneLineText = (message: string) =>
  v.check((text: string) => !BREAKS_THE_LINE.test(text) && !BIDI_CONTROL.test(text), message);

/** The message of text that holds what no one types; Lingui takes it into the catalogue as it is (src/domain/customer.ts). */
export const UNSUPPORTED_CHARACTERS = /*i18n*/ 'Remove the unsupported characters';
