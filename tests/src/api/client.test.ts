import type { RuntimeConfig } from '../../../src/domain/runtime-config';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the request client', () => {
  it('is loaded once for every caller, and calls the API under /api with the product key', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ status: 'ok' }, { headers: { 'Content-Type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    // The page's own address, as a browser resolves ky's relative URLs against it.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, 'https://club.example/') : input, init);
        }
      },
    );
    vi.resetModules();
    const { setServerRuntimeConfig } = await import('../../../src/lib/read-runtime-config');
    setServerRuntimeConfig({ apiKey: 'the-product-key' } as RuntimeConfig);
    const { api, preloadApi } = await import('../../../src/api/client');
    preloadApi();
    const [first, second] = await Promise.all([api(), api()]);
    expect(first).toBe(second);
    expect(await first.get('health').json()).toEqual({ status: 'ok' });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/health');
    expect(request.headers.get('x-api-key')).toBe('the-product-key');
  });
});
