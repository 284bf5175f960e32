import { createServer } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Hono } from 'hono';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createPostgresPool } from '../../../server/platform/db/postgres-pool';
import * as schema from '../../../server/platform/db/schema';
import { parseEnv } from '../../../server/env';
import { newId, newRegistrationToken } from '../../../server/platform/values/tokens';
import { validCustomer } from '../../fixtures/customer';

/**
 * PostgreSQL refusing connections, on every machine (no TEST_DATABASE_URL needed): a port nobody listens on.
 * A database that is away is not a bug of ours: 503 `unavailable` with Retry-After, never 500.
 */
const API_KEY = 'refused-test-api-key';

/** A port that was free a moment ago: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PostgreSQL refusing connections', () => {
  const env = parseEnv({ NODE_ENV: 'test', API_KEY });
  const logs: string[] = [];
  let pool: pg.Pool;
  let app: Hono;

  beforeAll(async () => {
    pool = createPostgresPool(`postgres://postgres@127.0.0.1:${await closedPort()}/club`, {
      connectMs: 1000,
      statementMs: 2000,
    });
    app = createApp({
      env,
      db: drizzle({ client: pool, schema }),
      logger: { info: () => undefined, error: (event, fields) => logs.push(JSON.stringify({ event, ...fields })) },
    });
  });

  afterAll(() => pool.end());

  const call = (method: string, path: string, json?: unknown) =>
    app.request(path, {
      method,
      headers: { 'x-api-key': API_KEY, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    });

  it.for([
    ['a write', 'POST', '/api/customers', validCustomer(newId())],
    ['a lookup', 'GET', `/api/registration-tokens/${newRegistrationToken()}`, undefined],
  ] as const)('answers 503 unavailable with Retry-After to %s', async ([, method, path, json]) => {
    const response = await call(method, path, json);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      error: { code: 'unavailable', message: 'The service is temporarily unavailable. Please try again.' },
    });
  });

  it('answers 503 with Retry-After to health', async () => {
    const response = await call('GET', '/api/health');
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unavailable');
  });

  it('logs the error class and code, never the submitted values', async () => {
    logs.length = 0;
    await call('POST', '/api/customers', validCustomer(newId()));
    const [line, ...rest] = logs.map((entry) => JSON.parse(entry) as Record<string, unknown>);
    expect(rest).toEqual([]);
    expect(line).toEqual({
      event: 'database_unavailable',
      route: '/api/customers',
      error: 'Error',
      code: 'ECONNREFUSED',
    });
    expect(logs.join('\n')).not.toContain('Whitfield');
  });
});
