import type { RuntimeConfig } from '../../../src/domain/runtime-config';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const catalogue = { results: [{ make: 'Honda', models: ['Civic'] }] };
const answer = (status: number, body: unknown = catalogue) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The module keeps the catalogue for the visit: each test starts a visit of its own. */
const freshModule = async () => {
  vi.resetModules();
  const { setServerRuntimeConfig } = await import('../../../src/lib/read-runtime-config');
  setServerRuntimeConfig({ apiKey: 'the-product-key' } as RuntimeConfig);
  return import('../../../src/api/vehicles');
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the vehicle catalogue (GET /api/vehicles)', () => {
  test('is asked for once a visit, with the product key, and kept', async () => {
    fetchMock.mockResolvedValue(answer(200));
    const { vehicleCatalogue, loadedVehicleCatalogue } = await freshModule();
    expect(loadedVehicleCatalogue()).toBeUndefined();

    const [first, second] = await Promise.all([vehicleCatalogue(), vehicleCatalogue()]);
    expect(first).toEqual(catalogue);
    expect(second).toEqual(catalogue);
    expect(await vehicleCatalogue()).toEqual(catalogue);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/vehicles');
    expect(new Headers(init?.headers).get('x-api-key')).toBe('the-product-key');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(loadedVehicleCatalogue()).toEqual(catalogue);
  });

  test('tries again after 1, 2 and 4 s, and answers when a later try succeeds', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(500))
      .mockResolvedValueOnce(answer(200));
    const { vehicleCatalogue } = await freshModule();
    const loading = vehicleCatalogue();

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await expect(loading).resolves.toEqual(catalogue);
  });

  test('fails after four tries, and the next time the section shows asks again', async () => {
    fetchMock.mockResolvedValue(answer(503, { error: { code: 'unavailable' } }));
    const { vehicleCatalogue, loadedVehicleCatalogue } = await freshModule();
    const failed = expect(vehicleCatalogue()).rejects.toThrow('GET /api/vehicles answered 503');
    await vi.advanceTimersByTimeAsync(7000);
    await failed;
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(loadedVehicleCatalogue()).toBeUndefined();

    fetchMock.mockResolvedValue(answer(200));
    await expect(vehicleCatalogue()).resolves.toEqual(catalogue);
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });
});
