import buttons from '../../components/buttons/buttons.module.css';
import styles from './home-page.module.css';

/** The spec leaves network failures open: they are never an invalid code, and nothing typed is lost. */
export function ConnectionProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.problem} role="alert">
      <p>
        <strong>We couldn't connect.</strong> Check your signal and try again: nothing you typed has been lost.
      </p>
      <button className={buttons.secondary} type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
