import type { TextareaHTMLAttributes } from 'react';
import styles from './fields.module.css';
import { fieldId } from './field-ids';
import { invalidity, LabelledField } from './field-error';
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
    <LabelledField name={name} label={label} required={required} error={error}>
      <textarea
        {...rest}
        id={fieldId(name)}
        name={name}
        className={`${styles.control} ${textArea.control}`}
        value={value}
        required={required}
        {...invalidity(name, error)}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </LabelledField>
  );
}
