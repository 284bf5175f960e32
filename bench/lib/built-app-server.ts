import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/platform/db/client';
import { seedVehicles } from '../../server/platform/db/seed';
import { parseEnv } from '../../server/env';
import { issueRegistration } from '../../server/features/registrations/issue-registration';
import { runtimeConfig } from '../../server/features/pages/embed-runtime-config';
import { spaRoutes } from '../../server/features/pages/spa';
import { SALE } from './fixtures';
import { BENCH_API_KEY } from './server-process';

export interface BuiltAppServer {
  url: string;
  /** A registration code that opens the profile form. */
  token: string;
  close: () => Promise<void>;
}

/**
 * The server's own app (createApp + spaRoutes, as server/main.ts composes them) in this process, serving a build from
 * `distDir` instead of `<repo>/dist`, on an in-memory PGlite with the vehicle catalogue and one fresh code.
 */
export async function startBuiltAppServer(distDir: string): Promise<BuiltAppServer> {
  const env = parseEnv({ NODE_ENV: 'production', API_KEY: BENCH_API_KEY, HOST: '127.0.0.1' });
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedVehicles(database.db);
  const issued = await issueRegistration(database.db, SALE, env);
  const app = createApp({ env, db: database.db, spa: spaRoutes({ distDir, config: runtimeConfig(env) }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  if (!server.listening) await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token: issued.token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}
