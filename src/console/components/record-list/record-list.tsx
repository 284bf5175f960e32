import { Fragment, type ReactNode } from 'react';
import styles from '../../console.module.css';
import local from './record-list.module.css';

/** One column of a console list, declared once: its heading on a desk, its label on a phone's card. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /**
   * Where it goes on a phone's card: the `title` leads (the record's name or link), `actions` follow it, and each
   * `fact` (the default) comes after, under its label.
   */
  card?: 'title' | 'actions' | 'fact';
  /** The heading is read by a screen reader but not shown (a column of buttons). */
  hideLabel?: boolean;
}

/**
 * A console list (docs/decisions/044-one-console-form-kit-and-list-declaration.md): a table on a desk, each row a card
 * under 40rem (CSS only: the same table, its headings out of sight and each cell under its label), the record's title
 * and actions first. `detail` is a row's full-width continuation (a form opened in place, an endpoint's deliveries).
 * `empty` says what will show here and how it comes to; it replaces the table while there is no row.
 */
export function RecordList<T>({
  label,
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  rowTestId,
  detail,
  empty,
  pending = false,
}: {
  /** The table's name, for a screen reader and the browser tests. */
  label: string;
  /** A visible line above the rows (how many, in which order). */
  caption?: ReactNode;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  rowTestId?: string;
  detail?: (row: T) => ReactNode;
  empty: ReactNode;
  pending?: boolean;
}) {
  if (pending) return <p>Loading...</p>;
  if (rows.length === 0) return <div className={styles.muted}>{empty}</div>;
  return (
    <div className={local.wrap}>
      <table className={`${styles.table} ${local.records}`} aria-label={label}>
        {caption && <caption className={styles.caption}>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.hideLabel ? <span className={styles.visuallyHidden}>{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const more = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={`${local.record} ${rowClassName?.(row) ?? ''}`} data-testid={rowTestId}>
                  {columns.map((column) => (
                    <td
                      key={column.label}
                      className={local[column.card ?? 'fact']}
                      data-label={column.card === 'title' || column.hideLabel ? undefined : column.label}
                    >
                      {/* A fact is one box beside its label on a card; actions wrap as a row of buttons. */}
                      {column.card === 'actions' ? (
                        <div className={local.buttons}>{column.cell(row)}</div>
                      ) : column.card === 'title' ? (
                        column.cell(row)
                      ) : (
                        <span>{column.cell(row)}</span>
                      )}
                    </td>
                  ))}
                </tr>
                {more && (
                  <tr className={local.detailRow}>
                    <td colSpan={columns.length}>{more}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
