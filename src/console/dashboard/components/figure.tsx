import styles from '../../console.module.css';

/**
 * One figure of a card: its name, its value, formatted, and what it counts when src/domain/figures.ts defines it
 * (decision 038): a description of the same term, which a screen reader reads after the value.
 */
export function Figure({ term, value, definition }: { term: string; value: string; definition?: string }) {
  return (
    <div className={styles.figure}>
      <dt>{term}</dt>
      <dd>{value}</dd>
      {definition && <dd className={styles.figureDefinition}>{definition}</dd>}
    </div>
  );
}
