import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../../server/platform/db/client';
import * as schema from '../../server/platform/db/schema';
import { dashboardFigures } from '../../server/features/dashboard/dashboard-figures';
import { listFeedback } from '../../server/features/feedback/list-feedback';
import { listMembers } from '../../server/features/members/list-members';

/**
 * `npx tsx bench/operator/explain-console.ts DATA_DIR`: every query the dashboard and the lists send, on a seeded
 * database (npm run seed:demo), with its plan: which indexes it uses, and any sequential scan of a big table.
 */
const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: explain-console.ts DATA_DIR (seeded with npm run seed:demo)');
const client = await PGlite.create(dataDir);
const captured: { sql: string; params: unknown[] }[] = [];
const db = drizzle({
  client,
  schema,
  logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
}) as unknown as Db;

const today = new Date().toISOString().slice(0, 10);
const cases: [string, () => Promise<unknown>][] = [
  ['dashboard, all sites, 30 days', () => dashboardFigures(db, { sites: 'all', site: null }, {})],
  [
    'dashboard, one site, a year',
    () => dashboardFigures(db, { sites: ['7'], site: '7' }, { from: '2025-11-24', to: today }),
  ],
  ['members, newest page', () => listMembers(db, 'all', { limit: 50 })],
  ["members, a manager's site", () => listMembers(db, ['7'], { limit: 50 })],
  ['members, by name', () => listMembers(db, 'all', { limit: 50, q: 'gra' })],
  ['members, by first and last name', () => listMembers(db, 'all', { limit: 50, q: 'ana lo' })],
  ['members, by email', () => listMembers(db, 'all', { limit: 50, q: 'mei.kim' })],
  ['members, by last four digits', () => listMembers(db, 'all', { limit: 50, q: '0143' })],
  [
    'members, SMS consent in a month',
    () => listMembers(db, 'all', { limit: 50, consent: 'sms', from: '2026-10-01', to: '2026-10-31' }),
  ],
  ['feedback, detractors', () => listFeedback(db, 'all', { limit: 50, band: 'detractor' })],
  ['feedback, one site', () => listFeedback(db, ['12'], { limit: 50 })],
];

for (const [name, run] of cases) {
  captured.length = 0;
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  console.log(`\n## ${name} (${ms.toFixed(0)} ms)`);
  for (const query of captured) {
    const timed = performance.now();
    await client.query(query.sql, query.params as never[]);
    const queryMs = performance.now() - timed;
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain ${query.sql}`, query.params as never[]);
    const lines = plan.rows.map((row) => row['QUERY PLAN']);
    const indexes = [
      ...new Set(
        lines.flatMap((line) =>
          [...line.matchAll(/(?:Index (?:Only )?Scan (?:Backward )?using|Bitmap Index Scan on) (\w+)/g)].map(
            (m) => m[1],
          ),
        ),
      ),
    ];
    const scans = [...new Set(lines.flatMap((line) => [...line.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1])))];
    console.log(`- (${queryMs.toFixed(0)} ms) ${query.sql.slice(0, 90).replace(/\s+/g, ' ')}…`);
    console.log(`  indexes: ${indexes.join(', ') || 'none'}; sequential scans: ${scans.join(', ') || 'none'}`);
  }
}
await client.close();
