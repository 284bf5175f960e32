import type { KyInstance } from 'ky';
import { sharedUntilFailure } from '../lib/shared-until-failure';

/**
 * The one HTTP client (ky-client.ts), loaded when a call first needs it: the first screen makes none of the calls
 * it serves (the code's lookup comes with the page, the catalogue is a plain GET: vehicles.ts), so its script
 * leaves ky out (decision 035). A failed load is not kept: the next call, or the customer's retry, loads it again.
 */
export const api: () => Promise<KyInstance> = sharedUntilFailure(() =>
  import('./ky-client').then((module) => module.api),
);

/** Starts loading the client while the customer fills in the form, so the submit does not wait for it. */
export function preloadApi(): void {
  api().catch(() => {
    // Offline for now: the submit loads it again, and its failure is the flow's to show.
  });
}
