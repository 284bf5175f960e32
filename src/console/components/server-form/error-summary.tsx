import { fieldId } from '../../../components/fields/field-ids';
import styles from './server-form.module.css';
import type { FieldErrorsOf } from './issues-to-fields';

/**
 * GOV.UK's error summary: above the form, "There is a problem" and each field's message as a link to its control.
 * Focus goes to the first bad field itself (`focusFirstBadField`), whose own message is read with it; the summary is
 * the overview for a long form, and a way back to each field from the top.
 */
export function ErrorSummary<F extends string>({
  fields,
  errors,
  inputs = {},
  labels,
}: {
  fields: readonly F[];
  errors: FieldErrorsOf<F>;
  inputs?: Partial<Record<F, string>>;
  /** Each field's label, as the summary names it before its message. */
  labels: Record<F, string>;
}) {
  const bad = fields.filter((field) => errors[field]);
  if (bad.length === 0) return null;
  return (
    <div className={styles.summary} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className={styles.summaryTitle}>
        There is a problem
      </h2>
      <ul className={styles.summaryList}>
        {bad.map((field) => {
          const id = fieldId(inputs[field] ?? field);
          return (
            <li key={field}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  // The hash alone scrolls the control under a sticky header and leaves focus on the link.
                  event.preventDefault();
                  document.getElementById(id)?.focus();
                }}
              >
                {labels[field]}: {errors[field]}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
