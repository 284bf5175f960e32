import { parseArgs } from 'node:util';
import { openDatabase } from '../platform/db/client';
import { seedVehicles } from '../platform/db/seed';
import { seedDemoData } from '../features/demo/demo-data';
import { loadEnv } from '../env';

/**
 * `npm run seed:demo -- [--members 100000] [--surveys 50000]`: a year of a six-site chain's members and surveys in
 * an empty database (DATA_DIR, or DATABASE_URL), with the server stopped on the embedded database.
 */
const { values } = parseArgs({
  options: { members: { type: 'string', default: '1000' }, surveys: { type: 'string', default: '500' } },
});
const members = Number(values.members);
const surveys = Number(values.surveys);
if (!Number.isInteger(members) || members < 1 || !Number.isInteger(surveys) || surveys < 0) {
  console.error('Usage: npm run seed:demo -- --members 100000 --surveys 50000');
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
const started = performance.now();
try {
  await seedVehicles(database.db);
  const seeded = await seedDemoData(database.db, { members, surveys });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${seeded.members} members (${seeded.registrations} codes issued) and ${seeded.surveys} surveys in ${seconds} s.`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
