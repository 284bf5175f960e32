import pg from 'pg';
import { count } from 'drizzle-orm';
import { dashboardFigures } from '../../server/features/dashboard/dashboard-figures';
import { openDatabase, type Db } from '../../server/platform/db/client';
import { customers } from '../../server/platform/db/schema';
import { seedDemoData } from '../../server/features/demo/demo-data';
import { listMembers } from '../../server/features/members/list-members';
import type { SectionContext } from '../lib/section-context';
import { percentile } from '../lib/stats';
import { formatMs, formatRatio, printTable, verdict } from '../lib/table';
import { makeTempDir } from '../lib/temp-dir';

const WARM_UP = 5;
const SAMPLES = 60;

async function timings(run: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARM_UP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** The console's own calls, in this process, against the engine's bare `count(*)` on the same data. */
async function measure(engine: string, db: Db, maxDashboardP99: number | undefined): Promise<string[][]> {
  const baseline = await timings(() => db.select({ n: count() }).from(customers));
  const cases: [string, () => Promise<unknown>, number | undefined][] = [
    ['dashboard, last 30 days', () => dashboardFigures(db, { sites: 'all', site: null }, {}), maxDashboardP99],
    ['dashboard, one site, 30 days', () => dashboardFigures(db, { sites: ['7'], site: '7' }, {}), undefined],
    ['member search by name', () => listMembers(db, 'all', { limit: 50, q: 'gra' }), undefined],
    ['member search, last four digits', () => listMembers(db, 'all', { limit: 50, q: '0143' }), undefined],
    ['members, newest page', () => listMembers(db, 'all', { limit: 50 }), undefined],
  ];
  const rows = [
    [`bare count(*) (baseline)`, engine, formatMs(baseline.p50), formatMs(baseline.p99), '1.00×', '—', '—'],
  ];
  for (const [name, run, maxP99] of cases) {
    const { p50, p99 } = await timings(run);
    rows.push([
      name,
      engine,
      formatMs(p50),
      formatMs(p99),
      formatRatio(p50 / baseline.p50),
      maxP99 === undefined ? '—' : `p99 ≤ ${maxP99} ms`,
      verdict(maxP99 === undefined ? undefined : p99 <= maxP99),
    ]);
  }
  return rows;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The console's dashboard and member search on a seeded chain, on PGlite and (with DATABASE_URL) PostgreSQL. */
export async function runOperatorSection({ budget, cleanup, log }: SectionContext): Promise<void> {
  const { members, surveys, dashboardMaxP99Ms } = budget.operator;
  log(`  seeding ${members} members and ${surveys} surveys on PGlite`);
  const pglite = await openDatabase({ dataDir: makeTempDir('operator', cleanup) });
  cleanup.add(() => pglite.close());
  await seedDemoData(pglite.db, { members, surveys });
  const rows = await measure('PGlite', pglite.db, dashboardMaxP99Ms);

  const notes = ['In this process: the time of the service call, not of HTTP. Targets from bench/budget.json.'];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // A database of its own on that server, so nothing the bench writes stays behind.
    const name = `club_bench_${Date.now()}`;
    await adminQuery(databaseUrl, `create database ${name}`);
    cleanup.add(() => adminQuery(databaseUrl, `drop database if exists ${name} with (force)`));
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    log(`  seeding ${members} members and ${surveys} surveys on PostgreSQL`);
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    cleanup.add(() => postgres.close());
    await seedDemoData(postgres.db, { members, surveys });
    rows.push(...(await measure('PostgreSQL', postgres.db, undefined)));
  } else {
    notes.push('DATABASE_URL is not set: the PostgreSQL rows were skipped.');
  }
  printTable(
    `Operator — console queries on ${members.toLocaleString('en-US')} members and ${surveys.toLocaleString('en-US')} surveys`,
    ['Query', 'Engine', 'p50', 'p99', 'p50 vs count(*)', 'Target', ''],
    rows,
    notes,
  );
}
