import type { ReactNode } from 'react';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from './server-form.module.css';

/**
 * The form's button with what became of pressing it beside it, where the person is looking: busy while saving
 * (the button says so and takes no second press), a refusal that is no field's (announced at once), or the saved
 * note (announced politely).
 */
export function SubmitRow({
  label,
  busyLabel,
  busy,
  refusal,
  saved,
  children,
}: {
  /** The button's text; a row of several records' forms puts the record in it (visually hidden where short). */
  label: ReactNode;
  busyLabel?: string;
  busy: boolean;
  refusal: string | null;
  saved?: ReactNode;
  /** Further buttons beside the submit one (Cancel). */
  children?: ReactNode;
}) {
  return (
    <div className={styles.submitRow}>
      <div className={styles.buttons}>
        <button type="submit" className={buttons.primary} disabled={busy} aria-busy={busy}>
          {busy && busyLabel ? busyLabel : label}
        </button>
        {children}
      </div>
      <div role="alert">{refusal && <p className={styles.refusal}>{refusal}</p>}</div>
      <div role="status">{!refusal && saved}</div>
    </div>
  );
}
