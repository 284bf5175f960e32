import styles from '../../console.module.css';

/** One figure of a card: its name and its value, formatted. */
export function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
