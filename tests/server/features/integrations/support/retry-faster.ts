import { sql } from 'drizzle-orm';
import type { Database } from '../../../../../server/platform/db/client';

/**
 * Shortens pg-boss's retry delay (and the expiry of a job whose worker died) for jobs queued from now on, so a
 * test sees three retries in seconds rather than minutes. The schedule's shape (backoff with jitter) is unchanged.
 */
export async function retryFaster(database: Database, seconds = 1): Promise<void> {
  await database.db.execute(sql`update pgboss.queue set retry_delay = ${seconds}`);
}
