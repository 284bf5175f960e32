import type { ReactNode } from 'react';
import { CheckboxField } from '../../components/fields/checkbox-field';
import styles from '../console.module.css';

/**
 * A choice of several (event types, a key's permissions): a fieldset whose legend names it, a checkbox each (their
 * ids `${name}-0`, `${name}-1`…, the first is where a form sends focus on an error), and the group's message.
 */
export function CheckboxGroup<T extends string>({
  name,
  legend,
  hideLegend = false,
  note,
  options,
  labels,
  checked,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  /** Where a table's column header already names the group: the legend is for screen readers only. */
  hideLegend?: boolean;
  note?: ReactNode;
  options: readonly T[];
  labels: Record<T, string>;
  checked: readonly string[];
  error: string | undefined;
  onChange: (checked: string[]) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend className={hideLegend ? styles.visuallyHidden : undefined}>{legend}</legend>
      {note && <p className={styles.muted}>{note}</p>}
      {options.map((option, index) => (
        <CheckboxField
          key={option}
          name={`${name}-${index}`}
          label={labels[option]}
          checked={checked.includes(option)}
          onCheckedChange={(on) => onChange(on ? [...checked, option] : checked.filter((value) => value !== option))}
        />
      ))}
      {error && (
        <p id={errorId} className={styles.alert}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
