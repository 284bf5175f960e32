import styles from '../../console.module.css';

/** Terms and their values, one under the other (a phone is narrow). */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className={styles.muted}>{term}</dt>
          <dd style={{ margin: '0 0 var(--space-2)', overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
