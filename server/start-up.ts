import type { Db } from './platform/db/client';
import { seedDemoRegistration, seedVehicles } from './platform/db/seed';
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
  /** How many staff accounts exist: none means the console has nobody to sign in yet. */
  staffCount: number;
  /** Whether SMTP_URL is set: the follow-up alert emails go out. */
  alerts: boolean;
  /** Whether SMS_PROVIDER is set: links are texted and texts are answered. */
  texts: boolean;
}

/**
 * What the server prints once it listens, and nothing else: where it is, the demo link if any, the console, the
 * first owner's command while there is none, and what is off. Each address starts its line's value at the same
 * column, so a terminal shows them as a list; the rest (API keys, the catalogue) is in docs/integrations.md.
 */
export function startUpLines({ url, database, demoUrl, staffCount, alerts, texts }: StartUpReport): string[] {
  const off = [
    ...(alerts ? [] : ['follow-up alert emails (set SMTP_URL)']),
    ...(texts ? [] : ['text messages (set SMS_PROVIDER=twilio and TWILIO_*)']),
  ];
  return [
    `Club Profile is running at ${url} (database: ${database})`,
    ...(demoUrl ? [`  Customer demo:    ${demoUrl}`] : []),
    `  Operator console: ${url}/admin`,
    ...(staffCount === 0
      ? ['  First owner:      npm run staff -- add --email you@example.com --role owner  (in another terminal)']
      : []),
    ...(off.length ? [`  Off:              ${off.join('; ')}`] : []),
  ];
}
