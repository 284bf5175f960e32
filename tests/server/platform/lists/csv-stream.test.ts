import { describe, expect, it } from 'vitest';
import { csvStream } from '../../../../server/platform/lists/csv-stream';

interface Row {
  name: string;
  balance: number;
  member: boolean;
  note: string | null;
}

const columns = [
  { header: 'name', value: (row: Row) => row.name },
  { header: 'balance', value: (row: Row) => row.balance },
  { header: 'member', value: (row: Row) => row.member },
  { header: 'note', value: (row: Row) => row.note },
] as const;

async function* pages(...batches: Row[][]) {
  for (const batch of batches) {
    await Promise.resolve();
    yield batch;
  }
}

/** The bytes as written: `Response.text()` would drop the byte-order mark. */
const text = async (stream: ReadableStream) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe('a CSV stream', () => {
  it('starts with a byte-order mark and a header row, then one line a row across every batch', async () => {
    const csv = await text(
      csvStream(
        columns,
        pages(
          [
            { name: 'Ñúñez', balance: 12, member: true, note: 'first' },
            { name: 'Ada', balance: 0, member: false, note: null },
          ],
          [],
          [{ name: 'Grace', balance: 3.5, member: true, note: '' }],
        ),
      ),
    );
    expect(csv).toBe('\uFEFFname,balance,member,note\nÑúñez,12,yes,first\nAda,0,no,\nGrace,3.5,yes,\n');
  });

  it('writes only the header when there are no rows', async () => {
    expect(await text(csvStream(columns, pages()))).toBe('\uFEFFname,balance,member,note\n');
  });

  it('neutralises text that a spreadsheet would run as a formula, and leaves numbers as digits', async () => {
    const csv = await text(
      csvStream(
        columns,
        pages([
          { name: '=HYPERLINK("http://evil.example")', balance: -5, member: false, note: '+1 555' },
          { name: '@SUM(A1)', balance: -0.5, member: true, note: '-2' },
          { name: 'plain - text', balance: 1, member: true, note: 'a=b' },
        ]),
      ),
    );
    expect(csv.split('\n').slice(1)).toEqual([
      `"'=HYPERLINK(""http://evil.example"")",-5,no,'+1 555`,
      `'@SUM(A1),-0.5,yes,'-2`,
      'plain - text,1,yes,a=b',
      '',
    ]);
  });

  it('fails the download when reading the rows fails', async () => {
    async function* broken() {
      yield [{ name: 'Ada', balance: 1, member: true, note: null }];
      await Promise.resolve();
      throw new Error('database gone');
    }
    await expect(text(csvStream(columns, broken()))).rejects.toThrow('database gone');
  });
});
