import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { openDatabase, type Database } from '../../../../server/platform/db/client';
import { parseEnv } from '../../../../server/env';
import type { LimitStore } from '../../../../server/platform/limits/limit-store';
import { createScratchDatabase, openTestDatabase, type ScratchDatabase } from '../../helpers/test-database';

const API_KEY = 'test-api-key';
const env = parseEnv({ NODE_ENV: 'test', API_KEY, TRUST_PROXY: '1', LOOKUP_MISSES_PER_MINUTE: '30' });

/** 300 unknown codes from one address at once, shared among `apps` instances; answers the statuses counted. */
async function missesAtOnce(apps: ReturnType<typeof createApp>[], address: string) {
  const answers = await Promise.all(
    Array.from({ length: 300 }, async (_, i) =>
      apps[i % apps.length]!.request(`/api/registration-tokens/unknown-code-for-budget-${i}`, {
        headers: { 'x-api-key': API_KEY, 'x-forwarded-for': address },
      }),
    ),
  );
  const counted = { 404: 0, 429: 0, other: 0 };
  for (const answer of answers) {
    if (answer.status === 404 || answer.status === 429) counted[answer.status] += 1;
    else counted.other += 1;
  }
  return counted;
}

describe('one process on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());

  it('allows exactly the budget of concurrent misses, counting in memory', async () => {
    const app = createApp({ env, db: database.db });
    expect(await missesAtOnce([app], '198.51.100.1')).toEqual({ 404: 30, 429: 270, other: 0 });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances sharing PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    first = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    second = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await scratch.drop();
  });

  it('allow one budget between them, counted atomically in the database', async () => {
    const apps = [first, second].map((database) =>
      createApp({ env, db: database.db, limitStore: { kind: 'database', db: database.db } }),
    );
    expect(await missesAtOnce(apps, '198.51.100.2')).toEqual({ 404: 30, 429: 270, other: 0 });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two instances sharing Redis', () => {
  let database: Database;
  const clients: Redis[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
    await database.close();
  });

  it('allow one budget between them, counted atomically in Redis', async () => {
    const apps = [0, 1].map(() => {
      const client = new Redis(process.env.TEST_REDIS_URL!, { enableOfflineQueue: true });
      clients.push(client);
      const limitStore: LimitStore = { kind: 'redis', client };
      return createApp({ env, db: database.db, limitStore });
    });
    await Promise.all(clients.map((client) => client.ping()));
    // A fresh address per run: Redis outlives the test.
    const address = `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    expect(await missesAtOnce(apps, address)).toEqual({ 404: 30, 429: 270, other: 0 });
  });
});

describe('an instance whose Redis is unreachable', () => {
  let database: Database;
  let client: Redis;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Nothing listens on port 1: every connection is refused.
    client = new Redis('redis://127.0.0.1:1', { enableOfflineQueue: false, lazyConnect: true });
    client.on('error', () => undefined);
  });
  afterAll(async () => {
    client.disconnect();
    await database.close();
  });

  it('still answers, counting in its own memory', async () => {
    const app = createApp({ env, db: database.db, limitStore: { kind: 'redis', client } });
    expect(await missesAtOnce([app], '198.51.100.3')).toEqual({ 404: 30, 429: 270, other: 0 });
  });
});
