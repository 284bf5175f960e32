import type { KyInstance } from 'ky';

let loading: Promise<KyInstance> | undefined;

/**
 * The one HTTP client (ky-client.ts), loaded when a call first needs it: the first screen makes none of the calls
 * it serves (the code's lookup comes with the page, the catalogue is a plain GET: vehicles.ts), so its script
 * leaves ky out (issue 27). A failed load is not kept: the next call, or the customer's retry, loads it again.
 */
export function api(): Promise<KyInstance> {
  loading ??= import('./ky-client').then(
    (module) => module.api,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts loading the client while the customer fills in the form, so the submit does not wait for it. */
export function preloadApi(): void {
  api().catch(() => {
    // Offline for now: the submit loads it again, and its failure is the flow's to show.
  });
}
