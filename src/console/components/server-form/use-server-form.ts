import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Refusal } from '../../client';
import { focusFirstBadField, issuesToFields, type FieldErrorsOf } from './issues-to-fields';

/** How a form names one of its fields: its label, and where it differs, its control's name and the server's key. */
export interface FieldSpec {
  label: string;
  /** The control's name (its id is `fieldId(input)`); a group names its first box (`scope-0`). */
  input?: string;
  /** The server's key for its message where it is not the field's name (`smsWindow.start`). */
  issueKey?: string;
}

export interface ServerFormOptions<V, F extends string, R> {
  /** The fields in the order they are shown: the summary lists them, and focus goes to the first bad one. */
  fields: Record<F, FieldSpec>;
  /** Prefixed to each field's name for its control (`newSite` + `name` → `newSiteName`) unless it names its own. */
  inputPrefix?: string;
  initial: V | (() => V);
  /** A check before sending (the shared schema's messages, keyed as the server keys them); null when it passes. */
  check?: (values: V) => Record<string, string> | null;
  submit: (values: V) => Promise<R>;
  onSaved?: (result: R, values: V) => unknown;
  /** The values after saving: back to `initial` unless the form keeps what was typed (a record's edit form). */
  keepAfterSave?: boolean;
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * One console form: its values, the server's refusal mapped onto its fields (the first bad one takes the focus),
 * a refusal no field claims kept for the button's side, busy while saving, and back to empty after a save.
 */
export function useServerForm<V extends object, F extends string, R = unknown>(options: ServerFormOptions<V, F, R>) {
  const { fields: specs, inputPrefix, initial, check, submit, onSaved, keepAfterSave = false } = options;
  const fields = Object.keys(specs) as F[];
  const inputs = Object.fromEntries(
    fields.map((field) => [field, specs[field].input ?? (inputPrefix ? inputPrefix + capitalised(field) : field)]),
  ) as Record<F, string>;
  const issueKeys = Object.fromEntries(fields.map((field) => [field, specs[field].issueKey ?? field])) as Record<
    F,
    string
  >;
  const labels = Object.fromEntries(fields.map((field) => [field, specs[field].label])) as Record<F, string>;

  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrorsOf<F>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ result: R } | null>(null);

  /** Marks the fields the issues name and focuses the first; what no field claims becomes the refusal. */
  const refuse = (message: string, issues: Record<string, string>) => {
    const mapped = issuesToFields(fields, issues, issueKeys);
    setErrors(mapped.errors);
    const fieldsMarked = Object.keys(mapped.errors).length > 0;
    setRefusal(mapped.unclaimed[0] ?? (fieldsMarked ? null : message));
    focusFirstBadField(fields, mapped.errors, inputs);
  };

  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result, sent) => {
      setErrors({});
      setRefusal(null);
      setSaved({ result });
      if (!keepAfterSave) setValues(initial);
      await onSaved?.(result, sent);
    },
    // A network failure has no issues: it is the form's refusal.
    onError: (error: Partial<Refusal>) => refuse(error.message ?? 'Not saved.', error.issues ?? {}),
  });

  const set =
    <K extends keyof V>(key: K) =>
    (value: V[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  return {
    values,
    setValues,
    set,
    errors,
    refusal,
    busy: mutation.isPending,
    /** What the last save answered, until the next submit. */
    saved: saved?.result,
    /** Whether the last submit saved (a save may answer nothing). */
    isSaved: saved !== null,
    /** Sends the values, after `check`; for `<form onSubmit>`. */
    onSubmit: (event?: FormEvent) => {
      event?.preventDefault();
      if (mutation.isPending) return;
      setSaved(null);
      const problems = check?.(values);
      if (problems) refuse('Some fields are missing or invalid.', problems);
      else mutation.mutate(values);
    },
    /** A text box's or a list's props (`TextField`, `SelectField`): its name, label, value, message and change. */
    field: <K extends F & keyof V>(field: K & (V[K] extends string ? K : never)) => ({
      name: inputs[field],
      label: labels[field],
      value: values[field] as string,
      error: errors[field],
      onValueChange: set(field) as (value: string) => void,
    }),
    /** The error summary's props. */
    summary: { fields, errors, inputs, labels },
    inputs,
    labels,
  };
}
