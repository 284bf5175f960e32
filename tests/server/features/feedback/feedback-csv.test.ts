import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { customers, registrations, sites, surveys } from '../../../../server/platform/db/schema';
import { EXPORT_BATCH } from '../../../../server/platform/lists/csv-stream';
import { feedbackCsv } from '../../../../server/features/feedback/feedback-csv';
import { customerRow } from '../../helpers/customer-row';
import { EMBEDDED_ONLY, openTestDatabase } from '../../helpers/test-database';

const HEADER =
  'id,created_at,member_id,member_name,site_id,site_name,band,recommend_to_others,wash_quality,cleanliness,service,value,comments,themes,praise_themes,passive_themes,complaint_themes';

/** The bytes as written: `Response.text()` would drop the byte-order mark. */
const text = async (stream: ReadableStream) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

/** Site 7's comments by recommend score; the others wrote "score <n>", which mentions no theme. */
const COMMENTS: Record<number, string> = {
  6: '=HYPERLINK("http://evil.example")',
  9: 'Rude cashier; la espera, eterna.',
};

describe.each(EMBEDDED_ONLY)('the feedback export on %s', (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // Site 7 is named; site 12 has no row, and is written as "Site 12".
    await database.db.insert(sites).values({ id: '7', name: 'Main Street', named: true });
    for (const [n, site, firstName] of [
      [1, '7', 'Ada'],
      [2, '12', '=Grace'],
    ] as const) {
      await database.db.insert(registrations).values({
        id: `reg-${n}`,
        mobileNumber: `+1201555010${n}`,
        saleDate: new Date('2026-11-01T00:00:00Z'),
        siteId: site,
        isCompleted: true,
      });
      await database.db.insert(customers).values(
        customerRow({
          id: `cus-${n}`,
          registrationId: `reg-${n}`,
          mobileNumber: `+1201555010${n}`,
          firstName,
          lastName: 'Núñez',
          termsAgreedAt: new Date('2026-11-01T00:00:00Z'),
        }),
      );
    }
    // Site 7's answers on the edges of the bands, newest first: 0 (unanswered), 6, 7, 8, 9.
    await database.db.insert(surveys).values(
      [0, 6, 7, 8, 9].map((recommend, index) => ({
        id: `s7-${recommend}`,
        customerId: 'cus-1',
        recommendToOthersScore: recommend,
        washQualityScore: 1,
        cleanlinessScore: 2,
        serviceScore: 3,
        valueScore: 4,
        comments: COMMENTS[recommend] ?? `score ${recommend}`,
        createdAt: new Date(Date.UTC(2026, 10, 20 - index, 12)),
      })),
    );
    // And the newest: no score and no comment, an empty survey (decision 038), which is no feedback.
    await database.db.insert(surveys).values({
      id: 's7-empty',
      customerId: 'cus-1',
      createdAt: new Date(Date.UTC(2026, 10, 21, 12)),
    });
    // Site 12: more surveys than one database batch holds, all in October.
    await database.db.insert(surveys).values(
      Array.from({ length: EXPORT_BATCH + 1 }, (_, index) => ({
        id: `s12-${String(index).padStart(4, '0')}`,
        customerId: 'cus-2',
        recommendToOthersScore: 10,
        createdAt: new Date(Date.UTC(2026, 9, 1) + index * 1000),
      })),
    );
  });
  afterAll(() => database.close());

  it('writes every column of each survey, with its band and themes, and neutralises text a spreadsheet would run', async () => {
    const csv = await text(feedbackCsv(database.db, ['7'], {}));
    expect(csv.split('\n')).toEqual([
      `\uFEFF${HEADER}`,
      's7-0,2026-11-20T12:00:00.000Z,cus-1,Ada Núñez,7,Main Street,,0,1,2,3,4,score 0,,,,',
      `s7-6,2026-11-19T12:00:00.000Z,cus-1,Ada Núñez,7,Main Street,detractor,6,1,2,3,4,"'=HYPERLINK(""http://evil.example"")",,,,`,
      's7-7,2026-11-18T12:00:00.000Z,cus-1,Ada Núñez,7,Main Street,passive,7,1,2,3,4,score 7,,,,',
      's7-8,2026-11-17T12:00:00.000Z,cus-1,Ada Núñez,7,Main Street,passive,8,1,2,3,4,score 8,,,,',
      's7-9,2026-11-16T12:00:00.000Z,cus-1,Ada Núñez,7,Main Street,promoter,9,1,2,3,4,"Rude cashier; la espera, eterna.",Staff; Wait time,Staff; Wait time,,',
      '',
    ]);
  });

  it('leaves out an empty survey, as the feedback list does', async () => {
    const csv = await text(feedbackCsv(database.db, ['7'], { from: '2026-11-20' }));
    expect(parse<Record<string, string>>(csv, { bom: true, columns: true }).map((row) => row.id)).toEqual(['s7-0']);
  });

  it('applies the filters, and neutralises a member name that starts like a formula', async () => {
    const csv = await text(feedbackCsv(database.db, 'all', { band: 'passive' }));
    expect(parse<Record<string, string>>(csv, { bom: true, columns: true }).map((row) => row.id)).toEqual([
      's7-7',
      's7-8',
    ]);
    const october = await text(feedbackCsv(database.db, 'all', { from: '2026-10-01', to: '2026-10-01' }));
    const [first] = parse<Record<string, string>>(october, { bom: true, columns: true });
    expect(first).toMatchObject({
      member_name: "'=Grace Núñez",
      site_id: '12',
      site_name: 'Site 12',
      band: 'promoter',
      comments: '',
      themes: '',
    });
  });

  it('selects by theme as the list does', async () => {
    const csv = await text(feedbackCsv(database.db, 'all', { theme: 'wait_time' }));
    expect(parse<Record<string, string>>(csv, { bom: true, columns: true })).toEqual([
      expect.objectContaining({ id: 's7-9', themes: 'Staff; Wait time' }),
    ]);
    expect(await text(feedbackCsv(database.db, 'all', { theme: 'damage' }))).toBe(`\uFEFF${HEADER}\n`);
  });

  it('streams every survey once across database batches', async () => {
    const rows = parse<Record<string, string>>(await text(feedbackCsv(database.db, ['12'], {})), {
      bom: true,
      columns: true,
    });
    expect(rows).toHaveLength(EXPORT_BATCH + 1);
    expect(new Set(rows.map((row) => row.id)).size).toBe(EXPORT_BATCH + 1);
    expect(rows.at(-1)!.id).toBe('s12-0000');
  });
});
