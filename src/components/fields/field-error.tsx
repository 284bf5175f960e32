import styles from './fields.module.css';
import { errorId } from './field-ids';

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
