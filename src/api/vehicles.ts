import type { VehicleCatalogue } from '../domain/vehicle-catalogue';
import { runtimeConfig } from '../lib/read-runtime-config';
import { sharedUntilFailure } from '../lib/shared-until-failure';

/**
 * Tries after a failure, as the query cache that made this call before did (1, 2 and 4 s): a car park's connection
 * often comes back within seconds, and the lists are no use without the catalogue.
 */
const RETRY_DELAYS_MS = [1000, 2000, 4000];

/** As the request client's (ky-client.ts): a dead connection becomes an error the page can show. */
const TIMEOUT_MS = 15_000;

async function fetchCatalogue(): Promise<VehicleCatalogue> {
  const response = await fetch('/api/vehicles', {
    headers: { 'x-api-key': runtimeConfig.apiKey },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GET /api/vehicles answered ${response.status}`);
  return (await response.json()) as VehicleCatalogue;
}

async function fetchWithRetries(): Promise<VehicleCatalogue> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await fetchCatalogue();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return fetchCatalogue();
}

let loaded: VehicleCatalogue | undefined;

/**
 * `GET /api/vehicles` (docs/spec.md §7), once a visit: nothing changes the catalogue while the server runs. A plain
 * fetch, not the request client and query cache, so that the first screen's script holds neither (decision 035,
 * decision 035). A failure is not kept: the section asks again the next time it shows.
 */
export const vehicleCatalogue: () => Promise<VehicleCatalogue> = sharedUntilFailure(() =>
  fetchWithRetries().then((catalogue) => (loaded = catalogue)),
);

/** The catalogue if this visit has it already: a page shown again starts with its lists filled. */
export const loadedVehicleCatalogue = (): VehicleCatalogue | undefined => loaded;
