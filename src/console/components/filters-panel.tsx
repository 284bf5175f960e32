import { useId, useState, type ReactNode } from 'react';
import buttons from '../../components/buttons/buttons.module.css';
import styles from '../console.module.css';
import local from './filters-panel.module.css';

/**
 * A list's filters: open on a desk; on a phone folded behind one button that says how many are set ("Filters (2)"),
 * so the list starts near the top of the screen. `filters` is a page's `useUrlFilters()`.
 */
export function FiltersPanel({
  filters,
  children,
}: {
  filters: { count: number; clear: () => void };
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={local.panel}>
      <button
        type="button"
        className={`${buttons.secondary} ${local.toggle}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        Filters{filters.count > 0 ? ` (${filters.count})` : ''}
      </button>
      <form
        id={id}
        className={`${styles.card} ${local.body}`}
        data-open={open}
        role="search"
        aria-label="Filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className={styles.filters}>{children}</div>
        {filters.count > 0 && (
          <button type="button" className={`${buttons.secondary} ${local.clear}`} onClick={filters.clear}>
            Clear filters
          </button>
        )}
      </form>
    </div>
  );
}
