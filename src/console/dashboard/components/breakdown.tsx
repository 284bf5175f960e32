import type { ReactNode } from 'react';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { downloadCsv } from '../../format';

/** Figures by week or by site: the chart, the same figures as a table, and the table as a CSV file. */
export function Breakdown({
  chart,
  title,
  header,
  rows,
  csvHeader = header,
  csvRows,
  file,
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
}) {
  return (
    <section className={styles.card} aria-label={title}>
      <h2>{title}</h2>
      {chart}
      {rows.length === 0 ? (
        <p className={styles.muted}>Nothing in this range.</p>
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
      <div className={styles.actions}>
        <button type="button" className={buttons.secondary} onClick={() => downloadCsv(file, csvHeader, csvRows)}>
          Download CSV
        </button>
      </div>
    </section>
  );
}
