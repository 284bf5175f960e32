import { createApp } from '../../server/app';
import { openDatabase } from '../../server/platform/db/client';
import { parseEnv } from '../../server/env';
import { jsonLogger } from '../../server/platform/logging/logger';
import { issueRegistration } from '../../server/features/registrations/issue-registration';
import { SALE } from './fixtures';
import type { RawLookup } from './raw-lookups';
import { BENCH_API_KEY } from './server-process';

/**
 * GET /api/registration-tokens/:token through the server's whole Hono app (middleware, rate limiter, drizzle, JSON,
 * log line formatting) with `app.request`, in this process, on a PGlite on disk: everything the route does except
 * HTTP and the trip to another process.
 */
export async function openInProcessAppLookup(dataDir: string): Promise<RawLookup> {
  const env = parseEnv({ NODE_ENV: 'production', API_KEY: BENCH_API_KEY, LOOKUP_MISSES_PER_MINUTE: '100000' });
  const database = await openDatabase({ dataDir });
  const issued = await issueRegistration(database.db, SALE, env);
  // Log lines are formatted as in production, then dropped: writing them is the HTTP run's business.
  const app = createApp({ env, db: database.db, logger: jsonLogger(() => undefined) });
  const path = `/api/registration-tokens/${issued.token}`;
  const headers = { 'x-api-key': BENCH_API_KEY };
  return {
    lookup: async () => {
      const response = await app.request(path, { headers });
      if (response.status !== 200) throw new Error(`in-process lookup answered ${response.status}`);
      return response.text();
    },
    close: () => database.close(),
  };
}
