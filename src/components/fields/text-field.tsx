import type { InputHTMLAttributes } from 'react';
import styles from './fields.module.css';
import { errorId, fieldId } from './field-ids';
import { FieldError, RequiredMark } from './field-error';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
}

export function TextField({ name, label, value, error, required, onValueChange, ...rest }: TextFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={fieldId(name)}>
        {label}
        {required && <RequiredMark />}
      </label>
      <input
        {...rest}
        id={fieldId(name)}
        name={name}
        className={styles.control}
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
