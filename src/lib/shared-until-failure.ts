/**
 * A load made once and shared by every caller, as long as it has not failed: a failure is not kept, so the next call
 * (the customer's retry, the section shown again) tries afresh rather than failing for the rest of the visit.
 */
export function sharedUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
