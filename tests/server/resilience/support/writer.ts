/**
 * The crash test's victim: `node --import tsx writer.ts` with WRITER_DATA_DIR (PGlite) or WRITER_DATABASE_URL
 * (PostgreSQL). It writes customers and surveys through the app, one at a time, and prints `ack customer <id>`
 * or `ack survey <id>` only after the 201, that is after the write's transaction has committed. The test kills
 * it with SIGKILL mid-run; it also stops by itself after MAX_ITERATIONS so a lost child cannot run forever.
 */
import { createApp } from '../../../../server/app';
import { openDatabase } from '../../../../server/platform/db/client';
import { parseEnv } from '../../../../server/env';
import { exitWithParent } from './child-process';
import { issueRegistration } from '../../../../server/features/registrations/issue-registration';

exitWithParent();

const MAX_ITERATIONS = 2000;
const API_KEY = 'crash-test-api-key';

const env = parseEnv({ NODE_ENV: 'test', API_KEY, PUBLIC_URL: 'https://club.example' });
const database = await openDatabase({
  databaseUrl: process.env.WRITER_DATABASE_URL || undefined,
  dataDir: process.env.WRITER_DATA_DIR ?? '',
});
const app = createApp({ env, db: database.db });
const round = process.env.WRITER_ROUND ?? '0';

const post = async (path: string, body: unknown): Promise<string> => {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { id?: string };
  if (response.status !== 201 || typeof answer.id !== 'string') {
    process.stdout.write(`refused ${path} ${response.status} ${JSON.stringify(answer)}\n`);
    process.exit(1);
  }
  return answer.id;
};

process.stdout.write('ready\n');
for (let i = 0; i < MAX_ITERATIONS; i += 1) {
  // Every fourth sign-up has no code (a manual registration is opened and closed in the same transaction).
  const manual = i % 4 === 3;
  const registrationId = manual
    ? '-1'
    : (
        await issueRegistration(
          database.db,
          {
            mobileNumber: '+12015550143',
            planName: 'Unlimited Wash Club',
            amount: 29.99,
            rechargeDate: '2026-12-15',
            siteId: '7',
            sourceSystem: 'crash-test',
            isReturningCustomer: false,
          },
          env,
        )
      ).registration.id;
  const customerId = await post('/api/customers', {
    registrationId,
    firstName: `Round${round}`,
    lastName: `Writer${i}`,
    address: '12 Harbor Lane',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62704',
    email: `writer${i}@example.com`,
    vehicleYear: 2019,
    vehicleMake: 'Toyota',
    vehicleModel: 'RAV4',
    vehicleColor: 'Blue',
    isAgreedToTerms: true,
    ...(manual ? { mobileNumber: '+14155550123' } : {}),
  });
  process.stdout.write(`ack customer ${customerId}\n`);
  const surveyId = await post('/api/surveys', {
    customerId,
    recommendToOthersScore: (i % 10) + 1,
    washQualityScore: 8,
    comments: `round ${round}, write ${i}`,
  });
  process.stdout.write(`ack survey ${surveyId}\n`);
}
await database.close();
