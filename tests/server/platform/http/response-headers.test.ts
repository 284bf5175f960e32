import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { defaultHeaders, setResponseHeader } from '../../../../server/platform/http/response-headers';
import { requestId } from '../../../../server/platform/http/request-id';

describe('setResponseHeader', () => {
  it('sets a header on the answer a handler made, keeping its body and status', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setResponseHeader(c, 'X-Added', 'yes');
    });
    app.get('/', (c) => c.json({ hello: 'world' }, 201));
    const res = await app.request('/');
    expect(res.status).toBe(201);
    expect(res.headers.get('x-added')).toBe('yes');
    expect(await res.json()).toEqual({ hello: 'world' });
  });

  it('still sets it when the answer’s headers are immutable', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      await next();
      setResponseHeader(c, 'X-Added', 'yes');
    });
    app.get('/', () => Response.redirect('https://club.example/elsewhere', 302));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://club.example/elsewhere');
    expect(res.headers.get('x-added')).toBe('yes');
  });
});

/** Routes answering every way a route can: plain, with its own value, thrown, and as a Response made by hand. */
function appWithDefaults(): Hono {
  const app = new Hono();
  app.use(
    '*',
    defaultHeaders([
      ['Cache-Control', 'no-store'],
      ['X-Frame-Options', 'DENY'],
    ]),
  );
  app.get('/plain', (c) => c.json({ ok: true }));
  app.get('/own', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'public, max-age=60' }));
  app.get('/thrown', () => {
    throw new Error('boom');
  });
  app.get('/redirect', () => Response.redirect('https://club.example/elsewhere', 302));
  app.onError((_error, c) => c.json({ error: 'internal' }, 500));
  return app;
}

type Answer = { status: number; cacheControl: string | null; frameOptions: string | null };
const answerOf = (res: Response): Answer => ({
  status: res.status,
  cacheControl: res.headers.get('cache-control'),
  frameOptions: res.headers.get('x-frame-options'),
});

const EXPECTED: Record<string, Answer> = {
  '/plain': { status: 200, cacheControl: 'no-store', frameOptions: 'DENY' },
  '/own': { status: 200, cacheControl: 'public, max-age=60', frameOptions: 'DENY' },
  '/thrown': { status: 500, cacheControl: 'no-store', frameOptions: 'DENY' },
  '/redirect': { status: 302, cacheControl: 'no-store', frameOptions: 'DENY' },
};

/** Serves `app` on a free loopback port for the length of `use`. */
async function overHttp<T>(app: Hono, use: (origin: string) => Promise<T>): Promise<T> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  try {
    if (!server.listening) await once(server, 'listening');
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('defaultHeaders', () => {
  it.each(Object.keys(EXPECTED))('gives %s the defaults it does not name itself, under app.request', async (path) => {
    expect(answerOf(await appWithDefaults().request(path))).toEqual(EXPECTED[path]);
  });

  // On Node they go on the outgoing message before the route runs: the same answers, by the other path.
  it.each(Object.keys(EXPECTED))('gives %s the same over HTTP on Node', async (path) => {
    const answer = await overHttp(appWithDefaults(), async (origin) =>
      answerOf(await fetch(`${origin}${path}`, { redirect: 'manual' })),
    );
    expect(answer).toEqual(EXPECTED[path]);
  });

  // What spares the answer's headers from being read back (decision 036): on Node, the defaults and the request id
  // are on the outgoing message by the time the route runs.
  it('on Node, are on the outgoing message before the route runs, with the request id', async () => {
    const app = new Hono();
    app.use('*', requestId());
    app.use('*', defaultHeaders([['X-Frame-Options', 'DENY']]));
    app.get('/', (c) => {
      const { outgoing } = c.env as HttpBindings;
      return c.json({
        frameOptions: outgoing.getHeader('x-frame-options'),
        requestId: outgoing.getHeader('x-request-id'),
      });
    });
    const seen = await overHttp(app, async (origin) => {
      const res = await fetch(`${origin}/`, { headers: { 'x-request-id': 'trace-7' } });
      return res.json();
    });
    expect(seen).toEqual({ frameOptions: 'DENY', requestId: 'trace-7' });
  });
});
