import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/platform/db/client';
import { preparedByName } from '../../../../server/platform/db/named-statements';
import { namedStatements } from '../../../../server/platform/db/pglite-prepared';
import { drizzleView, readDrizzleTypesAsText } from '../../../../server/platform/db/pglite-text-types';
import * as schema from '../../../../server/platform/db/schema';
import { migratedSnapshot } from '../../helpers/test-database';

const BY_ID = `select * from (values (1, 'one', '2026-01-02 03:04:05+00'::timestamptz, 1.5::numeric, true),
  (2, null, null, null, null)) as t(id, label, at, amount, flag) where id = $1`;

describe('named statements on PGlite', () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create('memory://', { loadDataDir: migratedSnapshot() });
    readDrizzleTypesAsText(client);
  });
  afterAll(() => client.close());

  it('answers what query answers, by rows or arrays, with parameters of any type', async () => {
    const statements = namedStatements(client)!;
    statements.prepare('by_id', BY_ID);
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      for (const id of [1, 2, '1', 3]) {
        const named = await statements.forText(BY_ID)!.run([id], options);
        const plain = await client.query(BY_ID, [id], options);
        expect(named.rows).toEqual(plain.rows);
        expect(named.fields).toEqual(plain.fields);
      }
    }
  });

  it('fails as query fails, and keeps working after a failure', async () => {
    const statements = namedStatements(client)!;
    const text = 'select $1::uuid as id';
    statements.prepare('uuid_echo', text);
    const refused = await statements
      .forText(text)!
      .run(['not a uuid'], undefined)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: '22P02' });
    expect((await statements.forText(text)!.run([null], undefined)).rows).toEqual([{ id: null }]);
  });

  it('parses the statement again once the session dropped it (DISCARD ALL) or its table changed', async () => {
    await client.exec('create table prepared_probe (id int primary key, label text)');
    await client.exec("insert into prepared_probe values (1, 'one')");
    const statements = namedStatements(client)!;
    const text = 'select * from prepared_probe where id = $1';
    statements.prepare('probe_by_id', text);
    const run = () => statements.forText(text)!.run([1], undefined);
    expect((await run()).rows).toEqual([{ id: 1, label: 'one' }]);
    await client.exec('discard all');
    expect((await run()).rows).toEqual([{ id: 1, label: 'one' }]);
    // `select *` now has another column: PostgreSQL refuses the cached plan ("must not change result type").
    await client.exec('alter table prepared_probe add column extra int default 7');
    expect((await run()).rows).toEqual([{ id: 1, label: 'one', extra: 7 }]);
  });

  it('waits for a transaction under way, as query does, and reads what it committed', async () => {
    await client.exec('create table prepared_wait (id int primary key)');
    const statements = namedStatements(client)!;
    const text = 'select count(*)::int as n from prepared_wait where id > $1';
    statements.prepare('wait_count', text);
    let read: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query('insert into prepared_wait values (1)');
      read = statements.forText(text)!.run([0], undefined);
      // Were the read not waiting for the transaction's lock, it would run inside it (one session) now.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('insert into prepared_wait values (2)');
    });
    expect(await read).toMatchObject({ rows: [{ n: 2 }] });
  });

  it('is not offered by a client that does not speak the protocol, nor inside a transaction', async () => {
    expect(namedStatements({ query: client.query.bind(client) })).toBeUndefined();
    await client.transaction((tx) => {
      expect(namedStatements(tx)).toBeUndefined();
      return Promise.resolve();
    });
  });
});

describe('preparedByName through drizzle on PGlite', () => {
  let client: PGlite;
  let db: Db;

  beforeAll(async () => {
    client = await PGlite.create('memory://', { loadDataDir: migratedSnapshot() });
    readDrizzleTypesAsText(client);
    db = drizzle({ client: drizzleView(client), schema });
    await db.insert(schema.registrations).values({
      id: 'r1',
      tokenHash: 'hash-1',
      mobileNumber: '+12015550143',
      saleDate: new Date('2026-03-04T05:06:07.000Z'),
      sourceSystem: 'test',
      rechargeDate: '2026-12-15',
    });
  });
  afterAll(() => client.close());

  it('reads the rows drizzle reads unprepared, typed the same, and runs as one statement', async () => {
    const byHash = preparedByName(
      db,
      'test_registration_by_hash',
      db
        .select()
        .from(schema.registrations)
        .where(eq(schema.registrations.tokenHash, sql.placeholder('hash')))
        .prepare('test_registration_by_hash'),
    );
    const expected = await db.select().from(schema.registrations).where(eq(schema.registrations.tokenHash, 'hash-1'));
    expect(await byHash.execute({ hash: 'hash-1' })).toEqual(expected);
    expect(expected[0]!.saleDate).toEqual(new Date('2026-03-04T05:06:07.000Z'));
    expect(await byHash.execute({ hash: 'nobody' })).toEqual([]);
    const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements where name = $1', [
      'test_registration_by_hash',
    ]);
    expect(rows).toEqual([{ name: 'test_registration_by_hash' }]);
  });
});
