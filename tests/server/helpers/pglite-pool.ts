import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../../server/platform/db/client';
import { openPglite, pgliteDatabase, type OpenPglite } from '../../../server/platform/db/pglite-database';

/**
 * Opening an embedded database from the run's migrated copy costs about a second of CPU (the data directory
 * unpacked into memory, the engine started, the migrations and the job queue checked), and the server suites opened
 * one about 110 times a run: a third of their time. So each worker keeps the databases its suites have closed,
 * emptied back to what a fresh copy holds, and lends them again.
 *
 * A suite cannot tell the difference: a lent database refuses every query once closed, as a closed PGlite does
 * (the readiness and outage suites close theirs on purpose); it comes back with every row the suite wrote gone, the
 * identity counters restarted and the session reset; and one whose structure a suite changed (a trigger that
 * refuses writes, say) is closed for good instead of lent again.
 */

/** The schemas whose rows a suite may write: the app's and the job queue's. Drizzle's migration journal stays. */
const DATA_SCHEMAS = ['public', 'pgboss'];

/** At most this many idle databases per worker: more than one suite's apps at once is rare. */
const MAX_IDLE = 3;

interface Baseline {
  /** Every table in DATA_SCHEMAS, quoted. */
  tables: string[];
  /** A fresh copy's rows of the tables that have some (the job queue's queues and version), as JSON. */
  rows: { table: string; columns: string; json: string }[];
  /** The schemas' structure: tables, columns, constraints, functions, triggers and settings. */
  shape: string;
}

interface Pooled extends OpenPglite {
  baseline: Baseline;
}

const idle: Pooled[] = [];

export async function leasePglite(snapshot: () => Blob): Promise<Database> {
  const pooled = idle.pop() ?? (await openPooled(snapshot()));
  const { client } = pooled;
  let open = true;
  const ensureOpen = () => {
    if (!open) throw new Error('PGlite is closed');
  };
  type Lent = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'execProtocolStream' | 'parsers' | 'serializers'> &
    Pick<PGlite, '_runExclusiveQuery' | '_runExclusiveTransaction' | 'closed'>;
  const lent: Lent = {
    query: (async (...args: Parameters<PGlite['query']>) => {
      ensureOpen();
      return client.query(...args);
    }) as PGlite['query'],
    exec: async (...args: Parameters<PGlite['exec']>) => {
      ensureOpen();
      return client.exec(...args);
    },
    transaction: (async (...args: Parameters<PGlite['transaction']>) => {
      ensureOpen();
      return client.transaction(...args);
    }) as PGlite['transaction'],
    // What named statements run on (server/platform/db/pglite-prepared.ts), so that the suites run the lookups as the server
    // does. `discard all` below drops the statements; the next lease's app parses them again.
    execProtocolStream: async (...args) => {
      ensureOpen();
      return client.execProtocolStream(...args);
    },
    _runExclusiveQuery: (work) => client._runExclusiveQuery(work),
    _runExclusiveTransaction: (work) => client._runExclusiveTransaction(work),
    parsers: client.parsers,
    serializers: client.serializers,
    get closed() {
      return !open || client.closed;
    },
  };
  // The app calls nothing else of a PGlite (server/platform/db/pglite-database.ts, server/platform/db/pglite-prepared.ts).
  return pgliteDatabase(lent as PGlite, pooled.parsers, async () => {
    if (!open) return;
    open = false;
    await giveBack(pooled);
  });
}

async function openPooled(snapshot: Blob): Promise<Pooled> {
  const opened = await openPglite('memory://', snapshot);
  return { ...opened, baseline: await baselineOf(opened.client) };
}

async function giveBack(pooled: Pooled): Promise<void> {
  const { client, baseline } = pooled;
  if (client.closed) return;
  try {
    if (idle.length >= MAX_IDLE || (await shapeOf(client)) !== baseline.shape) {
      await client.close();
      return;
    }
    // Statement by statement: PostgreSQL refuses DISCARD inside the transaction a multi-statement text makes.
    await client.exec('discard all');
    await client.exec(`truncate ${baseline.tables.join(', ')} restart identity cascade`);
    for (const { table, columns, json } of baseline.rows) {
      await client.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    }
    idle.push(pooled);
  } catch {
    // Left mid-transaction, say: not worth lending again.
    await client.close().catch(() => undefined);
  }
}

async function baselineOf(client: PGlite): Promise<Baseline> {
  const { rows: tables } = await client.query<{ name: string; columns: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            (select string_agg(format('%I', a.attname), ', ' order by a.attnum) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated <> 's') as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`,
    [DATA_SCHEMAS],
  );
  const rows: Baseline['rows'] = [];
  for (const { name, columns } of tables) {
    const { rows: held } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${name} t`,
    );
    if (held[0]?.json) rows.push({ table: name, columns, json: held[0].json });
  }
  return { tables: tables.map(({ name }) => name), rows, shape: await shapeOf(client) };
}

async function shapeOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(
    `select md5(string_agg(item, E'\\n' order by item)) as shape from (
       select format('class %s %s', c.oid::regclass, c.relkind) as item
         from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = any($1)
       union all
       select format('column %s.%s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid::regtype, a.attnotnull,
                     pg_get_expr(d.adbin, d.adrelid))
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = any($1) and a.attnum > 0 and not a.attisdropped
       union all
       select format('constraint %s %s', conrelid::regclass, pg_get_constraintdef(oid)) from pg_constraint
        where connamespace in (select oid from pg_namespace where nspname = any($1))
       union all
       select format('function %s', p.oid::regprocedure)
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname not in ('pg_catalog', 'information_schema')
       union all
       select format('trigger %s %s %s', tgrelid::regclass, tgname, tgenabled) from pg_trigger where not tgisinternal
       union all
       select format('schema %s', nspname) from pg_namespace
       union all
       select format('setting %s %s', setdatabase, setconfig) from pg_db_role_setting
     ) as items`,
    [DATA_SCHEMAS],
  );
  return rows[0]!.shape;
}
