import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { openTestDatabase } from './helpers/test-database';
import { registrations } from '../../server/db/schema';
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
    adminApiKey: env.adminApiKey,
    staffCount: 0,
    alerts: env.mail !== undefined,
  });
  return { seeded, registrations: row!.n, lines };
}

describe('seeding on start', () => {
  it('creates no demo registration in production on an empty database', async () => {
    const started = await startOnEmptyDatabase({ NODE_ENV: 'production' });
    expect(started.seeded.vehicles).toBeGreaterThan(0);
    expect(started.seeded.demoUrl).toBeUndefined();
    expect(started.registrations).toBe(0);
    expect(started.lines.join('\n')).not.toContain('Demo registration link');
  });

  it('creates one and prints its link outside production', async () => {
    const started = await startOnEmptyDatabase({ NODE_ENV: 'development' });
    expect(started.registrations).toBe(1);
    expect(started.seeded.demoUrl).toMatch(/^https:\/\/club\.example\/\?id=[A-Za-z0-9_-]{32}$/);
    expect(started.lines).toContain(`Demo registration link: ${started.seeded.demoUrl}`);
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
  it('say the follow-up alerts are off without SMTP_URL, and nothing about them with it', () => {
    const report = {
      url: 'http://localhost:3000',
      database: 'PostgreSQL',
      vehicles: 0,
      demoUrl: undefined,
      adminApiKey: undefined,
      staffCount: 1,
    };
    const off = startUpLines({ ...report, alerts: parseEnv({}).mail !== undefined });
    expect(off).toContain(
      'Follow-up alerts are off: set SMTP_URL (and MAIL_FROM) to email managers about unhappy members.',
    );
    const on = startUpLines({ ...report, alerts: parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail !== undefined });
    expect(on.join('\n')).not.toMatch(/alerts/i);
  });

  it('say where the server and its console run, what ADMIN_API_KEY may do and how to issue a code', () => {
    const lines = startUpLines({
      url: 'http://localhost:3000',
      database: 'PostgreSQL',
      vehicles: 0,
      demoUrl: undefined,
      adminApiKey: 'an-admin-key-0123456789',
      staffCount: 2,
      alerts: true,
    });
    expect(lines).toEqual([
      'Club Profile is running at http://localhost:3000 (database: PostgreSQL)',
      'Operator console: http://localhost:3000/admin',
      'ADMIN_API_KEY is a point-of-sale key: it may issue registration codes and follow the ones it issued, ' +
        'nothing else. Owners make a key per till or integration in the console (API keys).',
      'Issue a code: npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club"',
    ]);
  });

  it('give the one line that creates the first owner while there is no staff', () => {
    const lines = startUpLines({
      url: 'http://localhost:3000',
      database: 'PostgreSQL',
      vehicles: 0,
      demoUrl: undefined,
      adminApiKey: undefined,
      staffCount: 0,
      alerts: true,
    });
    expect(lines).toContain(
      'Create the first owner (in another terminal): npm run staff -- add --email you@example.com --role owner',
    );
  });
});
