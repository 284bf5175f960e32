import type { Context } from 'hono';
import { pingDatabase, type Db } from '../db/client';
import { RETRY_AFTER_SECONDS } from '../db/unavailable';
import { ApiError } from './api-error';

/** 503 `unavailable` with the Retry-After every answer gives while the service is away. */
export function unavailable(c: Context, message: string): ApiError {
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return new ApiError(503, 'unavailable', message);
}

/** Refuses with 503 when the database does not answer: the health and readiness checks' shared condition. */
export async function requireDatabase(c: Context, db: Db): Promise<void> {
  if (!(await pingDatabase(db))) throw unavailable(c, 'The database is not answering.');
}
