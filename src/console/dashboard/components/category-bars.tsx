import { Fragment } from 'react';
import styles from '../../console.module.css';
import bars from './category-bars.module.css';

/**
 * Counts by category as horizontal bars, each with its label and count: on a phone, eight category names under a
 * column chart would overlap. Hidden from screen readers like the charts: `summary` names it, and the table beside
 * it holds the same figures.
 */
export function CategoryBars({
  counts,
  summary,
}: {
  counts: readonly { label: string; value: number }[];
  summary: string;
}) {
  const most = Math.max(1, ...counts.map((count) => count.value));
  return (
    <figure style={{ margin: 0 }}>
      <div className={bars.bars} aria-hidden="true">
        {counts.map(({ label, value }) => (
          <Fragment key={label}>
            <span className={bars.label}>{label}</span>
            <span className={bars.track}>
              <span className={bars.bar} style={{ width: `${(value / most) * 100}%` }} />
            </span>
            <span className={bars.value}>{value}</span>
          </Fragment>
        ))}
      </div>
      <figcaption className={styles.visuallyHidden}>{summary}</figcaption>
    </figure>
  );
}
