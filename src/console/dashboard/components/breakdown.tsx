import type { ReactNode } from 'react';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { downloadCsv } from '../../format';

/**
 * Figures by week or by site: the chart, the same figures as a table, and the table as a CSV file. An empty range
 * says what would show and how it comes to, and offers no file of nothing.
 */
export function Breakdown({
  chart,
  title,
  header,
  rows,
  csvHeader = header,
  csvRows,
  file,
  whenEmpty = 'Rows show here for the weeks and sites of this range with codes, profiles or surveys: widen the dates, or issue a code.',
}: {
  chart: ReactNode;
  title: string;
  header: string[];
  rows: (string | number)[][];
  /** The CSV's columns, where they are not the table's (a site's id beside its name). */
  csvHeader?: string[];
  /** The same rows for a spreadsheet: figures as numbers (NPS 40, not the text "+40"), none as an empty cell. */
  csvRows: (string | number)[][];
  file: string;
  /** What an empty range says: what would appear, and how to make it appear. */
  whenEmpty?: string;
}) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2>{title}</h2>
      {chart}
      {rows.length === 0 ? (
        <p className={styles.muted}>Nothing in this range yet. {whenEmpty}</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                {header.map((cell) => (
                  <th scope="col" key={cell}>
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // Rows are whole weeks or sites, listed once per answer; two sites may share a name.
                <tr key={index}>
                  {row.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > 0 && (
        <div className={styles.actions}>
          <button type="button" className={buttons.secondary} onClick={() => downloadCsv(file, csvHeader, csvRows)}>
            Download CSV
          </button>
        </div>
      )}
    </section>
  );
}
