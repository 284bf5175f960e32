import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/client';
import { openTestDatabase } from './helpers/test-database';
import { registrations } from '../../server/platform/db/schema';
import { parseEnv } from '../../server/env';
import { seedOnStart, startUpLines } from '../../server/start-up';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function startOnEmptyDatabase(settings: Record<string, string>) {
  const env = parseEnv({ PUBLIC_URL: 'https://club.example', ...settings });
  database = await openTestDatabase('pglite');
  const seeded = await seedOnStart(database.db, env);
  const [row] = await database.db.select({ n: count() }).from(registrations);
  const lines = startUpLines({
    url: 'http://localhost:3000',
    database: 'embedded PGlite in memory://',
    vehicles: seeded.vehicles,
    demoUrl: seeded.demoUrl,
    staffCount: 0,
    alerts: env.mail !== undefined,
    texts: env.integrations.sms !== undefined,
  });
  return { seeded, registrations: row!.n, lines };
}

describe('seeding on start', () => {
  it('creates no demo registration in production on an empty database', async () => {
    const started = await startOnEmptyDatabase({ NODE_ENV: 'production' });
    expect(started.seeded.vehicles).toBeGreaterThan(0);
    expect(started.seeded.demoUrl).toBeUndefined();
    expect(started.registrations).toBe(0);
    expect(started.lines.join('\n')).not.toContain('Customer demo');
  });

  it('creates one and prints its link outside production', async () => {
    const started = await startOnEmptyDatabase({ NODE_ENV: 'development' });
    expect(started.registrations).toBe(1);
    expect(started.seeded.demoUrl).toMatch(/^https:\/\/club\.example\/\?id=[A-Za-z0-9_-]{32}$/);
    expect(started.lines).toContain(`  Customer demo:    ${started.seeded.demoUrl}`);
  });

  it('follows SEED_DEMO either way', async () => {
    const forced = await startOnEmptyDatabase({ NODE_ENV: 'production', SEED_DEMO: 'true' });
    expect(forced.registrations).toBe(1);
    await database?.close();
    database = undefined;
    const refused = await startOnEmptyDatabase({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    expect(refused.registrations).toBe(0);
    expect(refused.seeded.demoUrl).toBeUndefined();
  });
});

describe('the start-up lines', () => {
  const report = {
    url: 'http://localhost:3000',
    database: 'embedded PGlite in ./data',
    vehicles: 1092,
    demoUrl: 'http://localhost:3000/?id=ayNp8obe_sX7wrsUGjvPxQLlsYxZE4wo',
    staffCount: 0,
    alerts: false,
    texts: false,
  };

  it('say where the app, the demo and the console are, how to make the first owner, and what is off', () => {
    expect(startUpLines(report)).toEqual([
      'Club Profile is running at http://localhost:3000 (database: embedded PGlite in ./data)',
      '  Customer demo:    http://localhost:3000/?id=ayNp8obe_sX7wrsUGjvPxQLlsYxZE4wo',
      '  Operator console: http://localhost:3000/admin',
      '  First owner:      npm run staff -- add --email you@example.com --role owner  (in another terminal)',
      '  Off:              follow-up alert emails (set SMTP_URL); text messages (set SMS_PROVIDER=twilio and TWILIO_*)',
    ]);
  });

  it('say nothing of what is on, of an owner once there is one, or of a demo there is not', () => {
    const env = parseEnv({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+15005550006',
    });
    const lines = startUpLines({
      ...report,
      demoUrl: undefined,
      staffCount: 1,
      alerts: env.mail !== undefined,
      texts: env.integrations.sms !== undefined,
    });
    expect(lines).toEqual([
      'Club Profile is running at http://localhost:3000 (database: embedded PGlite in ./data)',
      '  Operator console: http://localhost:3000/admin',
    ]);
  });

  it('name only what is off', () => {
    expect(startUpLines({ ...report, alerts: true }).at(-1)).toBe(
      '  Off:              text messages (set SMS_PROVIDER=twilio and TWILIO_*)',
    );
    expect(startUpLines({ ...report, texts: true }).at(-1)).toBe(
      '  Off:              follow-up alert emails (set SMTP_URL)',
    );
  });
});
