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
        {/* Radix's provider and trigger without its hidden input: the form is only ever sent by the app, and that
            input measures the box in a layout effect, which forced a layout while the form was hydrated (decision 050). */}
        <Checkbox.unstable_Provider
          name={name}
          checked={checked}
          required={required}
          onCheckedChange={(state) => onCheckedChange(state === true)}
        >
          <Checkbox.unstable_Trigger
            id={fieldId(name)}
            className={styles.checkbox}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId(name) : undefined}
          />
        </Checkbox.unstable_Provider>
        <label className={styles.checkboxLabel} htmlFor={fieldId(name)}>
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <FieldError name={name} message={error} />
    </div>
  );
}
