import { existsSync } from 'node:fs';
import { createApp } from './app';
import { openDatabase } from './platform/db/client';
import { SchemaBehindError } from './platform/db/schema-version';
import { loadEnv } from './env';
import { startHttpServer } from './platform/http/http-server';
import { jsonLogger } from './platform/logging/logger';
import { startIntegrations } from './features/integrations/start-integrations';
import { createThrottles } from './platform/limits/throttles';
import { openLimitStore } from './platform/limits/limit-store';
import { appPath } from './platform/app-root';
import { requestLoad } from './platform/http/request-load';
import { runtimeConfig } from './features/pages/embed-runtime-config';
import { spaRoutes } from './features/pages/spa';
import { countStaff } from './features/staff/list-staff';
import { authSecretFor, removeServerUrl, writeCliKey, writeServerUrl } from './features/staff/local-secrets';
import { seedOnStart, startUpLines } from './start-up';

const distDir = appPath('dist');

const env = loadEnv();
const logger = jsonLogger(undefined, { level: env.logLevel });
// Log lines are written asynchronously: whatever ends the process (process.exit included), the last ones go out
// (pino's destination also flushes itself at exit; this keeps that true whatever destination the logger gets).
process.on('exit', () => logger.flush());

// The port opens first. Until `http.serve(app)` below, every request, /api/ready included, is answered 503 with
// Retry-After (http-server.ts): the database's migrations can take minutes, and a load balancer
// should hear "starting", not find the port closed. `http.readiness` then goes starting -> ready -> stopping.
const http = await startHttpServer({ env });

// `npm start` (scripts/start.mjs) builds what is missing or stale before it runs this.
if (!existsSync(`${distDir}/index.html`) || !existsSync(`${distDir}/console/admin.html`)) {
  console.error('The app is not built: run `npm run build`, or start with `npm start`, which builds it first.');
  process.exit(1);
}

const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  timeouts: env.databaseTimeouts,
  migrate: env.migrateOnStart,
}).catch((error: unknown) => {
  // The one thing to do, said in one line: run the migrations (decision 042).
  if (!(error instanceof SchemaBehindError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const seeded = await seedOnStart(database.db, env);
const limits = openLimitStore({ redisUrl: env.redisUrl, database });
// Webhooks and texts committed while no server ran, or before a crash, go out now.
const load = requestLoad();
// One secret for the app and the workers: a code's reminder and an invitation's text make their codes with it.
const authSecret = authSecretFor(env);
// One set of budgets for the app and the workers: a number's texts count together, whoever sends them (decision 053).
const throttles = createThrottles(limits.store, env.limits);
const integrations = await startIntegrations({
  database,
  env,
  logger,
  busy: load.busy,
  authSecret,
  throttles,
});

const app = createApp({
  env,
  db: database.db,
  logger,
  throttles,
  load,
  authSecret,
  cliKey: database.driver === 'pglite' ? writeCliKey(env.dataDir) : undefined,
  spa: spaRoutes({ distDir, config: runtimeConfig(env) }),
  readiness: http.readiness,
});

const lines = startUpLines({
  url: http.url,
  database: database.driver === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${env.dataDir}`,
  ...seeded,
  staffCount: await countStaff(database.db),
  alerts: env.mail !== undefined,
  texts: env.integrations.sms !== undefined,
});
// From here the app answers, and /api/ready says ready.
http.serve(app);
if (database.driver === 'pglite') writeServerUrl(env.dataDir, http.url);
for (const line of lines) console.log(line);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  // A terminal's Ctrl-C reaches both npm and this process, and npm passes it on: one signal, delivered twice.
  if (stopping) return;
  stopping = true;
  logger.info('shutdown', { signal, graceMs: env.http.shutdownGraceMs });
  // /api/ready answers 503 from this call on (readiness `stopping`), before the connections are drained.
  await http.shutdown();
  if (database.driver === 'pglite') removeServerUrl(env.dataDir);
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
