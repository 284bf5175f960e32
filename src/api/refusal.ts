import { HTTPError } from 'ky';
import type { ApiErrorBody } from '../domain/api-error';

/**
 * A 4xx is the server's considered answer about this request; anything else (no answer, a timeout, a 5xx, or
 * 408/429, which say "not now") is a failure to reach us, and worth trying again.
 */
export function isRefusal(error: unknown): error is HTTPError {
  if (!(error instanceof HTTPError)) return false;
  const status = error.response.status;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export async function errorBodyOf(error: HTTPError): Promise<ApiErrorBody | null> {
  try {
    return (await error.response.clone().json()) as ApiErrorBody;
  } catch {
    return null;
  }
}
