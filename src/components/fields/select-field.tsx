import { useMemo } from 'react';
import { SELECT_PLACEHOLDER } from '../../domain/vehicle-options';
import styles from './fields.module.css';
import { fieldId } from './field-ids';
import { invalidity, LabelledField } from './field-error';
import { optionsMarkup, type SelectOption } from './options-markup';

export type { SelectOption };

interface SelectFieldProps {
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /**
   * The empty choice's text; the specification's English unless the page shows another language. Null: no empty
   * choice, for a select that always holds a value (a site's time zone).
   */
  placeholder?: string | null;
  autoComplete?: string;
  onValueChange: (value: string) => void;
}

/** A native select: on a phone, the system picker is the best list there is. */
export function SelectField({
  name,
  label,
  value,
  options,
  error,
  required,
  disabled,
  autoComplete,
  placeholder = SELECT_PLACEHOLDER,
  onValueChange,
}: SelectFieldProps) {
  const markup = useMemo(() => ({ __html: optionsMarkup(options, value, placeholder) }), [options, value, placeholder]);
  return (
    <LabelledField name={name} label={label} required={required} error={error}>
      <select
        id={fieldId(name)}
        name={name}
        className={styles.control}
        value={value}
        required={required}
        disabled={disabled}
        autoComplete={autoComplete}
        {...invalidity(name, error)}
        onChange={(event) => onValueChange(event.target.value)}
        dangerouslySetInnerHTML={markup}
      />
    </LabelledField>
  );
}
