import type { InputHTMLAttributes } from 'react';
import styles from './fields.module.css';
import { fieldId } from './field-ids';
import { invalidity, LabelledField } from './field-error';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onValueChange: (value: string) => void;
}

export function TextField({ name, label, value, error, required, onValueChange, ...rest }: TextFieldProps) {
  return (
    <LabelledField name={name} label={label} required={required} error={error}>
      <input
        {...rest}
        id={fieldId(name)}
        name={name}
        className={styles.control}
        value={value}
        required={required}
        {...invalidity(name, error)}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </LabelledField>
  );
}
