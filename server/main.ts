import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { seedDemoRegistration, seedVehicles } from './db/seed';
import { loadEnv } from './env';
import { jsonLogger } from './lib/logger';
import { runtimeConfig } from './runtime-config';
import { spaRoutes } from './spa';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = `${root}dist`;

const env = loadEnv();
const logger = jsonLogger();

if (!existsSync(`${distDir}/index.html`)) {
  console.log('Building the app (first start)...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn' });
}

const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
const seededVehicles = await seedVehicles(database.db);
const demoUrl = await seedDemoRegistration(database.db, env);

const app = createApp({
  env,
  db: database.db,
  logger,
  spa: spaRoutes({ distDir, config: runtimeConfig(env) }),
});

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${env.dataDir}`;
  console.log(`Club Profile is running at http://localhost:${info.port} (database: ${where})`);
  if (seededVehicles) console.log(`Vehicle catalogue seeded: ${seededVehicles} models.`);
  if (demoUrl) console.log(`Demo registration link: ${demoUrl}`);
  console.log(
    env.adminApiKey
      ? 'Issue a code: npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club"'
      : 'Set ADMIN_API_KEY to issue registration codes (POST /api/admin/registration-tokens, npm run registration).',
  );
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info('shutdown', { signal });
  server.close(() => {
    void database.close().then(() => process.exit(0));
  });
  // Keep-alive connections can hold close() open; the database still closes cleanly.
  setTimeout(() => void database.close().finally(() => process.exit(0)), 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
