import { createServer as createHttpServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createApp } from './app';
import { openDatabase } from './platform/db/client';
import { loadEnv } from './env';
import { jsonLogger } from './platform/logging/logger';
import { injectRuntimeConfig, runtimeConfig } from './features/pages/embed-runtime-config';
import { seedOnStart } from './start-up';

/** `npm run dev`: the API and Vite (with HMR) in one process, on one port. */
const root = fileURLToPath(new URL('..', import.meta.url));
const env = loadEnv();
const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  timeouts: env.databaseTimeouts,
});
const { demoUrl } = await seedOnStart(database.db, env);

const api = getRequestListener(createApp({ env, db: database.db, logger: jsonLogger() }).fetch);
const httpServer = createHttpServer();
const vite = await createViteServer({
  root,
  appType: 'custom',
  server: { middlewareMode: true, hmr: { server: httpServer } },
});

httpServer.on('request', (req, res) => {
  if (req.url?.startsWith('/api/') || req.url === '/api') {
    void api(req, res);
    return;
  }
  vite.middlewares(req, res, () => {
    // Not a module or a public file: the SPA's page, as Vite transforms it, with the runtime configuration.
    void (async () => {
      try {
        // The console's paths get its own page (admin.html), as the built server gives them.
        const page = /^\/admin(?:[/?#]|$)/.test(req.url ?? '') ? 'admin.html' : 'index.html';
        const template = await readFile(`${root}${page}`, 'utf8');
        const html = await vite.transformIndexHtml(req.url ?? '/', template);
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(injectRuntimeConfig(html, runtimeConfig(env)));
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        res.writeHead(500).end('Dev server error; see the terminal.');
        console.error(error);
      }
    })();
  });
});

httpServer.listen(env.port, env.host, () => {
  console.log(`Club Profile (dev, HMR) at http://localhost:${env.port}`);
  if (demoUrl) console.log(`Customer demo: ${demoUrl}`);
});

// Release the embedded database's lock at once, so the next `npm run dev` need not wait for it to go stale.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    httpServer.close();
    void vite.close().finally(() => database.close().finally(() => process.exit(0)));
  });
}
