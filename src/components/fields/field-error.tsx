import type { ReactNode } from 'react';
import styles from './fields.module.css';
import { errorId, fieldId } from './field-ids';

export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(name)} className={styles.error}>
      {message}
    </p>
  );
}

/** docs/spec.md §2: required fields carry a marker; screen readers hear "required" from the control itself. */
export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

/** What a control says of its message: invalid, and described by it, once there is one. */
export const invalidity = (name: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId(name) : undefined,
});

/** The frame of a text box, a text area or a list: its label (with the required mark), the control, its message. */
export function LabelledField({
  name,
  label,
  required,
  error,
  children,
}: {
  name: string;
  label: string;
  required: boolean | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId(name)}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldError name={name} message={error} />
    </div>
  );
}
