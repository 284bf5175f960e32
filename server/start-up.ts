import type { Db } from './db/client';
import { seedDemoRegistration, seedVehicles } from './db/seed';
import type { Env } from './env';

interface Seeded {
  /** How many vehicle models were added (0 once the catalogue is there). */
  vehicles: number;
  /** The link to the demo registration, when one was created. */
  demoUrl: string | undefined;
}

/**
 * What a start adds to the database. The demo registration is a live code valid for `tokenTtlDays`: only where
 * `env.seedDemo` allows it (outside production unless SEED_DEMO says otherwise).
 */
export async function seedOnStart(db: Db, env: Pick<Env, 'seedDemo' | 'publicUrl' | 'tokenTtlDays'>): Promise<Seeded> {
  const vehicles = await seedVehicles(db);
  const demoUrl = env.seedDemo ? await seedDemoRegistration(db, env) : undefined;
  return { vehicles, demoUrl };
}

interface StartUpReport extends Seeded {
  url: string;
  /** Which database, in words. */
  database: string;
  adminApiKey: string | undefined;
  /** How many staff accounts exist: none means the console has nobody to sign in yet. */
  staffCount: number;
  /** Whether SMTP_URL is set: the follow-up alert emails go out. */
  alerts: boolean;
}

/** What the server prints once it listens: where it is, the demo link if any, and how to issue a code. */
export function startUpLines({
  url,
  database,
  vehicles,
  demoUrl,
  adminApiKey,
  staffCount,
  alerts,
}: StartUpReport): string[] {
  return [
    `Club Profile is running at ${url} (database: ${database})`,
    ...(vehicles ? [`Vehicle catalogue seeded: ${vehicles} models.`] : []),
    ...(demoUrl ? [`Demo registration link: ${demoUrl}`] : []),
    `Operator console: ${url}/admin`,
    ...(alerts
      ? []
      : ['Follow-up alerts are off: set SMTP_URL (and MAIL_FROM) to email managers about unhappy members.']),
    ...(staffCount === 0
      ? ['Create the first owner (in another terminal): npm run staff -- add --email you@example.com --role owner']
      : []),
    ...(adminApiKey
      ? [
          'ADMIN_API_KEY is a point-of-sale key: it may issue registration codes and follow the ones it issued, ' +
            'nothing else. Owners make a key per till or integration in the console (API keys).',
          'Issue a code: npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club"',
        ]
      : [
          'Set ADMIN_API_KEY (or make an API key in the console) to issue registration codes ' +
            '(POST /api/admin/registration-tokens, npm run registration).',
        ]),
  ];
}
