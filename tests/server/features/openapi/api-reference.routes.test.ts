import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app';

/** Every source a policy names that is not a keyword ('self', 'none', a hash) or a scheme (data:). */
const hostsIn = (policy: string) =>
  policy
    .split(';')
    .flatMap((directive) => directive.trim().split(/\s+/).slice(1))
    .filter((source) => !/^'[^']+'$/.test(source) && !/^[a-z]+:$/.test(source));

describe('GET /api/docs', () => {
  let t: TestApp;
  let page: Response;
  let html: string;

  beforeAll(async () => {
    // An analytics id and a logo on another host widen the app's policy; the reference's must not follow.
    t = await startTestApp('pglite', { ANALYTICS_ID: 'G-TEST123', LOGO_URL: 'https://cdn.example.com/logo.svg' });
    page = await t.app.request('/api/docs');
    html = await page.text();
  });
  afterAll(() => t.close());

  it('answers the reference page without a key', () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('public, max-age=300');
    expect(html).toContain("Scalar.createApiReference('#app'");
    expect(html).toContain('"url": "/api/openapi.json"');
  });

  it('loads its script from this origin only, with nothing fetched from Scalar', () => {
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]!);
    expect(sources).toEqual([expect.stringMatching(/^\/api\/docs\/standalone\.js\?v=[\w-]+$/)]);
    expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    expect(html).toContain('"withDefaultFonts": false');
    expect(html).toContain('"hideClientButton": true');
    expect(html).toContain('"showDeveloperTools": "never"');
    expect(html).not.toContain('proxyUrl');
  });

  it('sets a policy that names no other host and allows the inline script by its hash alone', () => {
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(hostsIn(policy)).toEqual([]);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
  });

  it('leaves the rest of the app under its own policy', async () => {
    const other = await t.app.request('/api/health');
    expect(other.headers.get('content-security-policy')).toContain('https://www.googletagmanager.com');
    expect(other.headers.get('content-security-policy')).not.toContain('sha256-');
  });

  it('serves the script it names: JavaScript, gzipped, cached for a year', async () => {
    const src = /<script[^>]*\ssrc="([^"]*)"/.exec(html)![1]!;
    const script = await t.app.request(src, { headers: { 'accept-encoding': 'gzip' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = gunzipSync(Buffer.from(await script.arrayBuffer())).toString('utf8');
    expect(body).toContain('createApiReference');
    // The version in the address is the content's: a new Scalar gets a new address, past the year-long cache.
    const version = new URL(src, 'http://x').searchParams.get('v');
    expect(createHash('sha256').update(body).digest('base64url')).toMatch(new RegExp(`^${version}`));
  });

  it('answers an unknown path under /api/docs with the API 404', async () => {
    const answer = await t.call('GET', '/api/docs/other.js', { anonymous: true });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'not_found' } });
  });
});
