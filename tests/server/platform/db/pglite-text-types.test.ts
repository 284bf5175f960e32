import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { migratedSnapshot, openTestDatabase } from '../../helpers/test-database';
import { drizzleView, readDrizzleTypesAsText } from '../../../../server/platform/db/pglite-text-types';
import { pgliteExecutor } from '../../../../server/platform/db/sql-executor';
import { registrations } from '../../../../server/platform/db/schema';

const TYPED = `select '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02'::date as day, interval '1 day' as span,
  array['2026-01-02 03:04:05+00'::timestamptz] as ats, array['2026-01-02'::date] as days, 1.5::numeric as amount,
  array[1.5::numeric] as amounts, 7::int as count, true as flag, '{"a":1}'::jsonb as doc`;

describe('PGlite read for drizzle without per-query parsers', () => {
  let plain: PGlite;
  let tuned: PGlite;
  let defaults: PGlite['parsers'];

  beforeAll(async () => {
    // Two untouched engines, from the run's migrated copy rather than each from initdb.
    [plain, tuned] = await Promise.all([
      PGlite.create('memory://', { loadDataDir: migratedSnapshot() }),
      PGlite.create('memory://', { loadDataDir: migratedSnapshot() }),
    ]);
    defaults = readDrizzleTypesAsText(tuned);
  });
  afterAll(async () => {
    await plain.close();
    await tuned.close();
  });

  it('gives pg-boss’s executor what an untouched client gives it, with and without parameters', async () => {
    const expected = await pgliteExecutor(plain).executeSql(`${TYPED}, $1::text as p`, ['x']);
    expect(await pgliteExecutor(tuned, defaults).executeSql(`${TYPED}, $1::text as p`, ['x'])).toEqual(expected);
    expect(await pgliteExecutor(tuned, defaults).executeSql(TYPED)).toEqual(
      await pgliteExecutor(plain).executeSql(TYPED),
    );
  });

  it('answers drizzle’s queries as drizzle’s own parsers would', async () => {
    const drizzleParsers = {
      ...Object.fromEntries(Object.keys(defaults).map((type) => [type, (value: string) => value])),
    };
    const expected = await plain.query(TYPED, [], { rowMode: 'array', parsers: drizzleParsers });
    const view = drizzleView(tuned);
    const actual = await view.query(TYPED, [], { rowMode: 'array', parsers: drizzleParsers });
    expect(actual.rows).toEqual(expected.rows);
    const inTransaction = await view.transaction((tx) =>
      tx.query(TYPED, [], { rowMode: 'array', parsers: drizzleParsers }),
    );
    expect(inTransaction.rows).toEqual(expected.rows);
  });
});

describe('openDatabase on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('maps timestamps to dates and dates to strings through drizzle, in and out of transactions', async () => {
    const saleDate = new Date('2026-03-04T05:06:07.000Z');
    await database.db.insert(registrations).values({
      id: 'r1',
      mobileNumber: '+12015550143',
      saleDate,
      sourceSystem: 'test',
      rechargeDate: '2026-12-15',
    });
    const [row] = await database.db.select().from(registrations);
    expect(row!.saleDate).toEqual(saleDate);
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(row!.rechargeDate).toBe('2026-12-15');
    const [inTransaction] = await database.db.transaction((tx) => tx.select().from(registrations));
    expect(inTransaction).toEqual(row);
  });
});
