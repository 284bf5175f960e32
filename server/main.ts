import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { loadEnv } from './env';
import { startHttpServer } from './http-server';
import { startHousekeeping } from './lib/housekeeping';
import { jsonLogger } from './lib/logger';
import { startIntegrations } from './integrations/start-integrations';
import { openLimitStore } from './limits/limit-store';
import { runtimeConfig } from './runtime-config';
import { spaRoutes } from './spa';
import { countStaff } from './staff/list-staff';
import { authSecretFor, writeCliKey } from './staff/local-secrets';
import { seedOnStart, startUpLines } from './start-up';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = `${root}dist`;

const env = loadEnv();
const logger = jsonLogger();

if (!existsSync(`${distDir}/index.html`) || !existsSync(`${distDir}/console/admin.html`)) {
  console.log('Building the app and the console (first start)...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
  await build({ root, configFile: `${root}vite.console.config.ts`, logLevel: 'warn' });
}

const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  timeouts: env.databaseTimeouts,
});
const seeded = await seedOnStart(database.db, env);
const limits = openLimitStore({ redisUrl: env.redisUrl, database });
const stopHousekeeping = startHousekeeping(database.db, logger);
// Webhooks and texts committed while no server ran, or before a crash, go out now.
const integrations = await startIntegrations({ database, env, logger });

const app = createApp({
  env,
  db: database.db,
  logger,
  limitStore: limits.store,
  authSecret: authSecretFor(env),
  cliKey: database.driver === 'pglite' ? writeCliKey(env.dataDir) : undefined,
  spa: spaRoutes({ distDir, config: runtimeConfig(env) }),
});

const http = await startHttpServer({ app, env });
const lines = startUpLines({
  url: http.url,
  database: database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${env.dataDir}`,
  ...seeded,
  adminApiKey: env.adminApiKey,
  staffCount: await countStaff(database.db),
});
for (const line of lines) console.log(line);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  // A terminal's Ctrl-C reaches both npm and this process, and npm passes it on: one signal, delivered twice.
  if (stopping) return;
  stopping = true;
  logger.info('shutdown', { signal, graceMs: env.http.shutdownGraceMs });
  await http.shutdown();
  stopHousekeeping();
  await integrations.stop();
  await limits.close();
  try {
    await database.close();
  } catch (error) {
    logger.error('shutdown', { error: (error as Error).name });
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
