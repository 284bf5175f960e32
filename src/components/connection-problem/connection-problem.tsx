import { t } from '@lingui/core/macro';
import buttons from '../buttons/buttons.module.css';
import styles from './connection-problem.module.css';

/**
 * The spec leaves network failures open: they are never an invalid code. Each says what is true of its moment:
 * before the form there is nothing typed to reassure about; after a submit, everything typed is still there.
 */
export function ConnectionProblem({ during, onRetry }: { during: 'lookup' | 'submit'; onRetry: () => void }) {
  return (
    <div className={styles.problem} role="alert">
      <p>
        <strong>{t`We couldn't connect.`}</strong>{' '}
        {during === 'lookup'
          ? t`Check your signal and try again.`
          : t`Your profile was not sent. Check your signal and try again: nothing you typed has been lost.`}
      </p>
      <button className={buttons.secondary} type="button" onClick={onRetry}>
        {t`Try again`}
      </button>
    </div>
  );
}
