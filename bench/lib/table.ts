const OVER = '✗ over';

/** ✓ when the figure meets its target, ✗ when it misses it, a dash when the row has no target. */
export function verdict(met: boolean | undefined): string {
  if (met === undefined) return '—';
  return met ? '✓ under' : OVER;
}

/** Every printed row with a ✗ verdict in any cell, as "table title: row label", for the run's summary and `--check`. */
const overBudget: string[] = [];

export const rowsOverBudget = (): readonly string[] => overBudget;

export const formatKb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
export const formatRatio = (ratio: number): string => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'n/a');
export const formatMs = (ms: number, digits = 1): string => (Number.isFinite(ms) ? `${ms.toFixed(digits)} ms` : 'n/a');
export const formatCount = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
export const formatMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Prints one plain-text table: first and last columns (label and verdict) left-aligned, figures right-aligned.
 * Widths count UTF-16 units, which is right for the ✓ ✗ × ≤ ≥ signs the tables use.
 */
export function printTable(title: string, header: string[], rows: string[][], notes: string[] = []): void {
  const widths = header.map((label, column) =>
    Math.max(label.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const last = header.length - 1;
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === last ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  // An indented row qualifies the last row that is not ("  its p99 latency"): the list names both.
  let parent = '';
  for (const row of rows) {
    console.log(line(row));
    const label = row[0] ?? '';
    const indented = label.startsWith(' ');
    if (!indented) parent = label;
    if (row.some((cell) => cell.startsWith(OVER))) {
      overBudget.push(`${title}: ${indented && parent ? `${parent}, ${label.trim()}` : label}`);
    }
  }
  for (const note of notes) console.log(`  ${note}`);
}
