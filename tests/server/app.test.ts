import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/env';
import { spaRoutes } from '../../server/features/pages/spa';
import { runtimeConfig } from '../../server/features/pages/embed-runtime-config';
import { openTestDatabase } from './helpers/test-database';
import { API_KEY, startTestApp, validCustomer, type TestApp } from './helpers/test-app';

describe('the API surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t.close());

  it('answers health without a key when the database answers', async () => {
    const res = await t.call('GET', '/api/health', { anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/customers'],
      ['DELETE', '/api/surveys'],
    ] as const) {
      const res = await t.call(method, path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });

  it('answers malformed JSON with 400 and a wrong content type with 415', async () => {
    const malformed = await t.call('POST', '/api/customers', {
      rawBody: '{"firstName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');
    const form = await t.call('POST', '/api/surveys', {
      rawBody: 'customerId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('unsupported_media_type');
  });

  it('answers a body over 16 KB with 413', async () => {
    const res = await t.call('POST', '/api/surveys', {
      json: { customerId: 'x', comments: 'x'.repeat(17 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('sends the security headers and no X-Powered-By', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('logs one structured line per request with no personal data or code', async () => {
    t.logs.length = 0;
    const issued = await t.issue({ mobileNumber: '+12015550177' });
    await t.call('GET', `/api/registration-tokens/${issued.token}`);
    await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(t.logs).toHaveLength(2);
    const lines = t.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      event: 'request',
      method: 'GET',
      route: '/api/registration-tokens/:token',
      status: 200,
    });
    expect(lines[1]).toMatchObject({ event: 'request', method: 'POST', route: '/api/customers', status: 201 });
    const all = t.logs.join('\n');
    for (const secret of [issued.token, '5550177', 'Dana', 'Whitfield', 'dana.whitfield@example.com', 'Harbor']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('failures of our own', () => {
  it('answer 500 with a JSON error and no stack trace, and health answers 503', async () => {
    const database = await openTestDatabase('pglite');
    const env = parseEnv({ API_KEY });
    const logs: string[] = [];
    const app = createApp({
      env,
      db: database.db,
      logger: { info: () => undefined, error: (event, fields) => logs.push(JSON.stringify({ event, ...fields })) },
    });
    await database.close();

    const res = await app.request('/api/surveys', {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ customerId: 'abc', comments: 'private words' }),
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(text).not.toMatch(/\bat\s.+:\d+/);
    expect(logs.join('\n')).not.toContain('private words');
    expect(logs.join('\n')).not.toMatch(/\bat\s.+:\d+/);

    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
  });
});

describe('the SPA', () => {
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  const env = parseEnv({ API_KEY, OPERATOR_NAME: 'Sudsy </script> Wash' });
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await openTestDatabase('pglite');
    close = database.close;
    app = createApp({ env, db: database.db, spa: spaRoutes({ distDir: dist, config: runtimeConfig(env) }) });
  });
  afterAll(async () => {
    await close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html with the runtime configuration for every client route', async () => {
    for (const path of ['/', '/?id=abc', '/thank-you', '/survey?cid=1', '/any/deep/path']) {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      expect(html).toContain('<script id="runtime-config" type="application/json">');
      expect(html).toContain('"apiKey":"test-api-key"');
      // A configured value can never close the script element.
      expect(html).toContain('Sudsy \\u003c/script> Wash');
    }
  });

  it('compresses what it sends to a browser that accepts gzip', async () => {
    const res = await app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.status).toBe(200);
  });

  it('serves files as they are, hashed assets for a year, and 404 for a missing asset', async () => {
    const robots = await app.request('/robots.txt');
    expect(await robots.text()).toBe('User-agent: *');
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/assets/gone-000.js')).status).toBe(404);
  });

  it('answers other methods with a JSON 404, not the page', async () => {
    const res = await app.request('/thank-you', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
