/**
 * A bare API server for the multi-process race test: `node --import tsx serve.ts` with DATABASE_URL (or
 * DATA_DIR) and API_KEY in its environment. Migrates and seeds the catalogue like `server/main.ts` does,
 * listens on a free port and prints `listening <port>`.
 */
import { serve } from '@hono/node-server';
import { createApp } from '../../../../server/app';
import { openDatabase } from '../../../../server/platform/db/client';
import { seedVehicles } from '../../../../server/platform/db/seed';
import { parseEnv } from '../../../../server/env';
import { exitWithParent } from './child-process';

exitWithParent();

const env = parseEnv({
  NODE_ENV: 'test',
  PORT: '0',
  HOST: '127.0.0.1',
  API_KEY: process.env.API_KEY,
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR,
});
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
await seedVehicles(database.db);
const server = serve({ fetch: createApp({ env, db: database.db }).fetch, port: env.port, hostname: env.host }, (info) =>
  process.stdout.write(`listening ${info.port}\n`),
);

process.on('SIGTERM', () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
