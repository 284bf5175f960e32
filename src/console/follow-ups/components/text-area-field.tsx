import { FieldError, RequiredMark } from '../../../components/fields/field-error';
import { errorId, fieldId } from '../../../components/fields/field-ids';
import fields from '../../../components/fields/fields.module.css';
import styles from '../follow-ups.module.css';

/** A note: a labelled text area with its message, as the text fields have theirs. */
export function TextAreaField({
  name,
  label,
  value,
  error,
  required,
  onValueChange,
}: {
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  required?: boolean;
  onValueChange: (value: string) => void;
}) {
  return (
    <div className={fields.field}>
      <label className={fields.label} htmlFor={fieldId(name)}>
        {label}
        {required && <RequiredMark />}
      </label>
      <textarea
        id={fieldId(name)}
        name={name}
        className={`${fields.control} ${styles.textarea}`}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(name) : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}
