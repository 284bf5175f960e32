import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { neutralised } from '../../../src/domain/csv-cell';

/** How many rows each query fetches: the export never holds more than this many in memory. */
export const EXPORT_BATCH = 1000;

/**
 * Every row a keyset list's filters select, read `EXPORT_BATCH` at a time by the list's own page reader: an
 * export is its list read to the end.
 */
export async function* keysetBatches<TRow>(
  readPage: (page: {
    limit: number;
    after: string | undefined;
  }) => Promise<{ rows: TRow[]; nextCursor: string | null }>,
): AsyncGenerator<TRow[]> {
  let after: string | undefined;
  do {
    const page = await readPage({ limit: EXPORT_BATCH, after });
    yield page.rows;
    after = page.nextCursor ?? undefined;
  } while (after);
}

/**
 * Rows from `batches` (an async generator reading the database a keyset page at a time) as a UTF-8 CSV stream
 * with a header row and a byte-order mark, so a spreadsheet reads accents right. Back-pressure reaches the
 * generator: a slow download reads the database slowly, not into memory.
 */
export function csvStream<T>(
  columns: readonly { header: string; value: (row: T) => string | number | boolean | null }[],
  batches: AsyncIterable<T[]>,
): ReadableStream {
  async function* records() {
    for await (const batch of batches) {
      for (const row of batch) yield columns.map(({ value }) => value(row));
    }
  }
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map(({ header }) => header),
    cast: {
      // Text only: a number is written as digits, and no number is a formula.
      string: neutralised,
      boolean: (value) => (value ? 'yes' : 'no'),
    },
  });
  const source = Readable.from(records());
  source.on('error', (error) => stringifier.destroy(error));
  return Readable.toWeb(source.pipe(stringifier)) as ReadableStream;
}
