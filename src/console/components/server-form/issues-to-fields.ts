import { fieldId } from '../../../components/fields/field-ids';

/** A form's fields in the order they are shown: the summary lists them and focus goes to the first in this order. */
export type FieldErrorsOf<F extends string> = Partial<Record<F, string>>;

/**
 * The server's validation issues (`{ "sites.0": "…", "smsWindow.start": "…" }`, keyed by dotted path) as a form's
 * field messages: an issue belongs to the field named by its key, by `issueKeys` (a field whose server key differs),
 * or by the key's first segment (an item of a list is the list's). Issues no field claims are returned apart, for
 * the form to say next to its button.
 */
export function issuesToFields<F extends string>(
  fields: readonly F[],
  issues: Record<string, string>,
  issueKeys: Partial<Record<F, string>> = {},
): { errors: FieldErrorsOf<F>; unclaimed: string[] } {
  const byKey = new Map<string, F>(fields.map((field) => [issueKeys[field] ?? field, field]));
  const errors: FieldErrorsOf<F> = {};
  const unclaimed: string[] = [];
  for (const [key, message] of Object.entries(issues)) {
    const field = byKey.get(key) ?? byKey.get(key.split('.')[0] ?? key);
    if (field === undefined) unclaimed.push(message);
    else errors[field] ??= message;
  }
  return { errors, unclaimed };
}

/** The first field with a message, in the form's order. */
export const firstBadField = <F extends string>(fields: readonly F[], errors: FieldErrorsOf<F>) =>
  fields.find((field) => errors[field]);

/**
 * Moves focus to the first field with a message (WCAG 3.3.1; GOV.UK's error summary links to the same controls).
 * `inputs` names each field's control as `fieldId` does; a group names its first box (`scope-0`).
 */
export function focusFirstBadField<F extends string>(
  fields: readonly F[],
  errors: FieldErrorsOf<F>,
  inputs: Partial<Record<F, string>> = {},
) {
  const first = firstBadField(fields, errors);
  if (first) document.getElementById(fieldId(inputs[first] ?? first))?.focus();
}
