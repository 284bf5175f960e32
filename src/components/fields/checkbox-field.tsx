import * as Checkbox from '@radix-ui/react-checkbox';
import type { ReactNode } from 'react';
import styles from './fields.module.css';
import { errorId, fieldId } from './field-ids';
import { FieldError, RequiredMark } from './field-error';

interface CheckboxFieldProps {
  name: string;
  label: ReactNode;
  checked: boolean;
  error?: string | undefined;
  required?: boolean;
  onCheckedChange: (checked: boolean) => void;
}

export function CheckboxField({ name, label, checked, error, required, onCheckedChange }: CheckboxFieldProps) {
  return (
    <div>
      <div className={styles.checkboxRow}>
        <Checkbox.Root
          id={fieldId(name)}
          name={name}
          className={styles.checkbox}
          checked={checked}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(name) : undefined}
          onCheckedChange={(state) => onCheckedChange(state === true)}
        />
        <label className={styles.checkboxLabel} htmlFor={fieldId(name)}>
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <FieldError name={name} message={error} />
    </div>
  );
}
