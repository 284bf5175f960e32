import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { customers, surveys } from '../../../server/platform/db/schema';
import { issueRegistration } from '../../../server/features/registrations/issue-registration';
import { migratedDataDir } from '../helpers/migrated-data-dir';
import { DRIVERS } from '../helpers/test-database';
import { selectRows } from './support/api-oracle';
import { spawnScript, type ScriptChild } from './support/child-process';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/test-database';

/**
 * Crash safety: a writer process is killed with SIGKILL in the middle of its writes; every write it had
 * acknowledged (a 201, sent after the commit) must be there when the database is opened again, the database must
 * open cleanly (no second migration, queries answer) and no write may be half done. Rounds on one database, each
 * continuing where the last one was killed: two in `npm test`, more in `npm run test:deep` (CRASH_ROUNDS).
 */
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 2);
/**
 * How many acknowledgements each round waits for before the kill: a new seed each run kills at new points, and the
 * seed in the suite's name replays a run (`CRASH_SEED=…`).
 */
const ackTargets = fc.sample(fc.integer({ min: 5, max: 30 }), { seed, numRuns: ROUNDS });
/**
 * Bounds on waiting, not timed assertions: a writer boots in about a second on an idle machine, and 30 writes take
 * a second or two, but the suite runs beside others on two cores.
 */
const WRITER_READY_MS = 30_000;
const ACKS_WITHIN_MS = 30_000;

const writerScript = fileURLToPath(new URL('./support/writer.ts', import.meta.url));
const migrationCount = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../../../server/platform/db/migrations/meta/_journal.json', import.meta.url)),
      'utf8',
    ),
  ) as { entries: unknown[] }
).entries.length;

const ACK = /^ack (customer|survey) ([0-9a-f-]{36})$/;

describe.each(DRIVERS)(`crash: SIGKILL of a writer on %s (CRASH_SEED=${seed})`, (driver) => {
  let dataDir = '';
  let scratch: ScratchDatabase | undefined;
  let writer: ScriptChild | undefined;
  let reopened: Database | undefined;
  const acknowledged = { customer: new Set<string>(), survey: new Set<string>() };

  beforeAll(async () => {
    // A database the run migrated once, so each round's clock measures a restart, not a birth.
    if (driver === 'pglite') dataDir = migratedDataDir('club-crash-');
    else scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  });

  const open = () =>
    driver === 'pglite' ? openDatabase({ dataDir }) : openDatabase({ databaseUrl: scratch!.url, dataDir: '' });

  const killWriter = async () => {
    if (writer && writer.child.exitCode === null && writer.child.signalCode === null) writer.child.kill('SIGKILL');
    await writer?.closed;
  };

  afterAll(async () => {
    // A failed round may leave the test's own handle behind.
    await killWriter();
    await reopened?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it.for(ackTargets.map((target, index) => ({ round: index + 1, target })))(
    'round $round: killed after $target acknowledgements, it reopens with every acknowledged write',
    { timeout: WRITER_READY_MS + ACKS_WITHIN_MS + 15_000 },
    async ({ round, target }, { annotate }) => {
      const acks = (lines: readonly string[]) => lines.filter((line) => ACK.test(line)).length;
      writer = spawnScript(writerScript, {
        WRITER_ROUND: String(round),
        ...(driver === 'pglite' ? { WRITER_DATA_DIR: dataDir } : { WRITER_DATABASE_URL: scratch!.url }),
      });
      try {
        await writer.waitUntil((lines) => lines.includes('ready'), WRITER_READY_MS);
        await writer.waitUntil((lines) => acks(lines) >= target, ACKS_WITHIN_MS);
      } finally {
        // Even when the round fails: PGlite's directory is one process's at a time, and the writer must be gone
        // before anyone (this test, the next round) opens it.
        await killWriter();
      }
      expect((await writer.closed).signal).toBe('SIGKILL');
      expect(writer.lines.filter((line) => line.startsWith('refused'))).toEqual([]);

      // Acks that were in the pipe when the kill came count too: each was sent after its commit.
      const roundAcks = writer.lines.flatMap((line) => {
        const match = ACK.exec(line);
        return match ? [{ kind: match[1] as 'customer' | 'survey', id: match[2]! }] : [];
      });
      expect(roundAcks.length).toBeGreaterThanOrEqual(target);
      for (const { kind, id } of roundAcks) acknowledged[kind].add(id);
      await annotate(
        `${roundAcks.length} acknowledgements read this round; ${acknowledged.customer.size} customers and ` +
          `${acknowledged.survey.size} surveys acknowledged in all`,
      );

      reopened = await open();
      const { db } = reopened;
      const [migrations] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(migrations?.n).toBe(migrationCount);

      const customerIds = [...acknowledged.customer];
      const surveyIds = [...acknowledged.survey];
      const foundCustomers = await db
        .select({ id: customers.id })
        .from(customers)
        .where(inArray(customers.id, customerIds));
      expect(foundCustomers.map((row) => row.id).sort()).toEqual(customerIds.sort());
      const foundSurveys = await db.select({ id: surveys.id }).from(surveys).where(inArray(surveys.id, surveyIds));
      expect(foundSurveys.map((row) => row.id).sort()).toEqual(surveyIds.sort());

      // Nothing half done, acknowledged or not: a customer and the closing of its registration are one write.
      const [halfDone] = await selectRows<{ unlinked: number; orphaned: number }>(
        db,
        sql`
          select
            (select count(*)::int from customers c join registrations r on r.id = c.registration_id
              where not r.is_completed or r.customer_id is distinct from c.id) as unlinked,
            (select count(*)::int from registrations r
              where r.is_completed and not exists (select 1 from customers c where c.registration_id = r.id)) as orphaned`,
      );
      expect(halfDone).toEqual({ unlinked: 0, orphaned: 0 });

      // And it takes writes again.
      const issued = await issueRegistration(
        db,
        {
          mobileNumber: '+12015550143',
          planName: 'After the crash',
          amount: 1,
          rechargeDate: '2026-12-15',
          siteId: '1',
          sourceSystem: 'crash-test',
          isReturningCustomer: false,
        },
        { publicUrl: 'https://club.example', tokenTtlDays: 1 },
      );
      expect(issued.registration.id).toBeTruthy();

      // Closed before the next round's writer opens the same PGlite directory.
      await reopened.close();
      reopened = undefined;
    },
  );
});
