import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/platform/db/client';
import { customers, registrations, vehicleModels } from '../../../server/platform/db/schema';
import { readVehicleCatalogue } from '../../../server/platform/db/seed';
import { issueRegistration } from '../../../server/features/registrations/issue-registration';
import { DRIVERS } from '../helpers/test-database';
import { startTestApp, validCustomer, type TestApp } from '../helpers/test-app';
import { spawnScript, stopChild, type ScriptChild } from './support/child-process';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/test-database';

/** Race: many submits of one registration code at once; the code is used exactly once, whoever wins. */
const RACERS = 50;

interface Outcome {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever the API answered
}

function expectOneWinner(outcomes: Outcome[]): string {
  const statuses = outcomes.map((outcome) => outcome.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(RACERS - 1);
  for (const outcome of outcomes.filter(({ status }) => status === 409)) {
    expect(outcome.body.error.code).toBe('registration_unavailable');
  }
  return outcomes.find(({ status }) => status === 201)!.body.id as string;
}

async function expectOneCustomer(database: Database, registrationId: string, winnerId: string) {
  const rows = await database.db.select().from(customers).where(eq(customers.registrationId, registrationId));
  expect(rows.map((row) => row.id)).toEqual([winnerId]);
  const [registration] = await database.db.select().from(registrations).where(eq(registrations.id, registrationId));
  expect(registration).toMatchObject({ isCompleted: true, customerId: winnerId });
}

describe.each(DRIVERS)(`race: ${RACERS} concurrent submits of one code on %s, in one process`, (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers one 201 and 409 registration_unavailable to all the others, and stores one customer', async () => {
    const issued = await t.issue();
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, { firstName: `Racer${i}` }) }),
      ),
    );
    const winnerId = expectOneWinner(outcomes);
    await expectOneCustomer(t.database, issued.registration.id, winnerId);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;
const API_KEY = 'race-test-api-key';
const serveScript = fileURLToPath(new URL('./support/serve.ts', import.meta.url));

describe.skipIf(!adminUrl)(`race: ${RACERS} concurrent submits of one code across two server processes`, () => {
  let scratch: ScratchDatabase;
  let servers: ScriptChild[] = [];
  let ports: number[] = [];
  let database: Database | undefined;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!);
    // Started together on an empty database: both migrate (one at a time, under the advisory lock) and both seed.
    servers = [0, 1].map(() => spawnScript(serveScript, { DATABASE_URL: scratch.url, API_KEY }));
    await Promise.all(servers.map((server) => server.waitUntil((lines) => lines.some(isListening), 30_000)));
    ports = servers.map((server) => Number(server.lines.find(isListening)!.split(' ')[1]));
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopChild(server)));
    await database?.close();
    await scratch?.drop();
  });

  it('both started on one fresh database: the schema once, the whole catalogue once', async () => {
    const [models] = await database!.db.select({ n: count() }).from(vehicleModels);
    const expected = readVehicleCatalogue().reduce((sum, make) => sum + make.models.length, 0);
    expect(models?.n).toBe(expected);
    for (const port of ports) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    }
  });

  it('answers one 201 and 409 registration_unavailable to all the others, and stores one customer', async () => {
    const issued = await issueRegistration(
      database!.db,
      {
        mobileNumber: '+12015550143',
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-15',
        siteId: '7',
        sourceSystem: 'race-test',
        isReturningCustomer: false,
      },
      { publicUrl: 'https://club.example', tokenTtlDays: 1 },
    );
    const outcomes = await Promise.all(
      Array.from({ length: RACERS }, async (_, i): Promise<Outcome> => {
        const response = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/api/customers`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body: JSON.stringify(validCustomer(issued.registration.id, { firstName: `Racer${i}` })),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    const winnerId = expectOneWinner(outcomes);
    await expectOneCustomer(database!, issued.registration.id, winnerId);
  });
});

function isListening(line: string): boolean {
  return /^listening \d+$/.test(line);
}
