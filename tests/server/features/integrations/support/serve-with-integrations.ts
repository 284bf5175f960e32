/**
 * A server as `server/main.ts` runs it, without the SPA: the API and the webhook/SMS workers, on DATABASE_URL or
 * DATA_DIR. Prints `listening <port>`; SIGKILL is what the crash tests send it.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../../../../server/app';
import { openDatabase } from '../../../../../server/platform/db/client';
import { seedVehicles } from '../../../../../server/platform/db/seed';
import { parseEnv } from '../../../../../server/env';
import { startIntegrations } from '../../../../../server/features/integrations/start-integrations';
import { silentLogger } from '../../../../../server/platform/logging/logger';
import { exitWithParent } from '../../../resilience/support/child-process';

exitWithParent();

const env = parseEnv({ ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1' });
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await seedVehicles(database.db);
const workers = await startIntegrations({ database, env, logger: silentLogger, pollingIntervalSeconds: 0.5 });
const server = serve({ fetch: createApp({ env, db: database.db }).fetch, port: 0, hostname: env.host }, (info) =>
  process.stdout.write(`listening ${info.port}\n`),
);

process.on('SIGTERM', () => {
  server.close();
  void workers
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
