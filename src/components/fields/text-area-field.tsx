import type { TextareaHTMLAttributes } from 'react';
import styles from './fields.module.css';
import { errorId, fieldId } from './field-ids';
import { FieldError, RequiredMark } from './field-error';
import textArea from './text-area-field.module.css';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
}

/** A labelled text area with its message, as TextField is for one line. */
export function TextAreaField({ name, label, value, error, required, onValueChange, ...rest }: TextAreaFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId(name)}>
        {label}
        {required && <RequiredMark />}
      </label>
      <textarea
        {...rest}
        id={fieldId(name)}
        name={name}
        className={`${styles.control} ${textArea.control}`}
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
