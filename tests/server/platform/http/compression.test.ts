import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { compression } from '../../../../server/platform/http/compression';

const LARGE = { items: Array.from({ length: 200 }, (_, index) => `item ${index}`) };

/** The same routes behind hono/compress and behind ours, to compare what each answers. */
function appWith(middleware: ReturnType<typeof compress>): Hono {
  const app = new Hono();
  app.use('*', middleware);
  app.get('/json', (c) => c.json(LARGE));
  app.get('/small', (c) => c.body('{"ok":true}', 200, { 'Content-Type': 'application/json', 'Content-Length': '11' }));
  app.get('/varies', (c) => c.json(LARGE, 200, { Vary: 'Origin' }));
  app.get('/no-transform', (c) => c.json(LARGE, 200, { 'Cache-Control': 'no-transform' }));
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  return app;
}

const theirs = appWith(compress());
const ours = appWith(compression());
const PATHS = ['/json', '/small', '/varies', '/no-transform', '/image'];

async function answer(app: Hono, path: string, headers: Record<string, string>) {
  const res = await app.request(path, { headers });
  return {
    status: res.status,
    headers: Object.fromEntries(res.headers),
    body: Buffer.from(await res.arrayBuffer()).toString('base64'),
  };
}

describe('compression', () => {
  it.each(PATHS)('answers %s without Accept-Encoding as hono/compress does', async (path) => {
    expect(await answer(ours, path, {})).toEqual(await answer(theirs, path, {}));
  });

  it.each(PATHS)('answers %s to a client that accepts gzip as hono/compress does', async (path) => {
    const headers = { 'accept-encoding': 'gzip' };
    expect(await answer(ours, path, headers)).toEqual(await answer(theirs, path, headers));
  });

  it('compresses a large JSON answer for a client that asks', async () => {
    const res = await ours.request('/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });
});
