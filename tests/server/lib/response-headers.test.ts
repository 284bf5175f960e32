import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { setResponseHeader } from '../../../server/lib/response-headers';

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
