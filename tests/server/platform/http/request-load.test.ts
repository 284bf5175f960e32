import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestLoad } from '../../../../server/platform/http/request-load';

describe('the request load that background work yields to', () => {
  it('is busy while a request is served and for a moment after the last answer, then quiet', async () => {
    let clock = 1000;
    const load = requestLoad(50, () => clock);
    let release: () => void = () => undefined;
    const app = new Hono();
    app.use('*', load.middleware);
    app.get('/slow', async (c) => {
      await new Promise<void>((resolve) => (release = resolve));
      return c.text('done');
    });
    app.get('/fails', () => {
      throw new Error('boom');
    });

    expect(load.busy()).toBe(false);
    const answer = app.request('/slow');
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock += 10_000;
    expect(load.busy()).toBe(true);
    release();
    expect((await answer).status).toBe(200);
    clock += 49;
    expect(load.busy()).toBe(true);
    clock += 1;
    expect(load.busy()).toBe(false);

    // A request that throws is counted out too.
    expect((await app.request('/fails')).status).toBe(500);
    clock += 50;
    expect(load.busy()).toBe(false);
  });
});
