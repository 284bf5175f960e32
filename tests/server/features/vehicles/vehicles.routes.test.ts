import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { API_KEY, startTestApp, type TestApp } from '../../helpers/test-app';

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

describe.each(EMBEDDED_ONLY)('GET /api/vehicles on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('answers the seeded catalogue: at least 40 makes, each with its models, all sorted', async () => {
    const res = await t.call('GET', '/api/vehicles');
    expect(res.status).toBe(200);
    const results = res.body.results as { make: string; models: string[] }[];
    expect(results.length).toBeGreaterThanOrEqual(40);
    const makes = results.map((r) => r.make);
    expect(makes).toEqual([...makes].sort(byName));
    for (const { models } of results) {
      expect(models.length).toBeGreaterThan(0);
      expect(models).toEqual([...models].sort(byName));
    }
    expect(results.find((r) => r.make === 'Ford')?.models).toContain('F-150');
    expect(results.find((r) => r.make === 'Toyota')?.models).toContain('Camry');
  });

  it('is cacheable: an ETag, a public max-age, and 304 for a matching If-None-Match', async () => {
    const first = await t.call('GET', '/api/vehicles');
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await t.call('GET', '/api/vehicles', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
  });

  it('answers the same catalogue gzip- or brotli-compressed to a client that accepts it, with one ETag', async () => {
    const plain = await t.call('GET', '/api/vehicles');
    const request = (encoding: string) =>
      t.app.request('/api/vehicles', { headers: { 'x-api-key': API_KEY, 'accept-encoding': encoding } });
    const brotli = await request('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString())).toEqual(plain.body);
    const gzip = await request('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(plain.body);
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const answer of [brotli, gzip]) {
      expect(answer.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(answer.headers.get('vary')).toContain('Accept-Encoding');
      expect(answer.headers.get('content-type')).toContain('application/json');
    }
  });

  it('answers 304 to its ETag in a list or in weak form, and 200 to another', async () => {
    const tag = (await t.call('GET', '/api/vehicles')).headers.get('etag')!;
    const withTag = (value: string) => t.call('GET', '/api/vehicles', { headers: { 'if-none-match': value } });
    expect((await withTag(`"other", ${tag}`)).status).toBe(304);
    expect((await withTag(`W/${tag}`)).status).toBe(304);
    expect((await withTag('"other"')).status).toBe(200);
  });

  it('requires the API key', async () => {
    expect((await t.call('GET', '/api/vehicles', { anonymous: true })).status).toBe(401);
  });
});
