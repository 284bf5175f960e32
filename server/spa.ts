import { existsSync, readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { injectRuntimeConfig } from './runtime-config';
import type { RuntimeConfig } from '../src/domain/runtime-config';

/**
 * Serves the built SPA: hashed assets cached for a year, other files as they are, the console's page for /admin
 * paths, and index.html (with the runtime configuration) for every other GET, so the client-side routers own the
 * paths.
 */
export function spaRoutes(options: { distDir: string; config: RuntimeConfig }): Hono {
  const html = injectRuntimeConfig(readFileSync(`${options.distDir}/index.html`, 'utf8'), options.config);
  const consolePage = `${options.distDir}/console/admin.html`;
  // A build without the console (a test's, the bench's) serves the customer pages alone.
  const consoleHtml = existsSync(consolePage)
    ? injectRuntimeConfig(readFileSync(consolePage, 'utf8'), options.config)
    : undefined;
  const app = new Hono();

  // The operator console: a build of its own, its page for every /admin path, its assets under /console-assets.
  app.use('/console-assets/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    '/console-assets/assets/*',
    serveStatic({
      root: `${options.distDir}/console`,
      rewriteRequestPath: (path) => path.replace(/^\/console-assets/, ''),
    }),
  );
  app.get('/console-assets/*', (c) => c.text('Not found', 404));
  const sendConsole = (c: Context) => {
    if (!consoleHtml) return c.text('The console is not built: run npm run build.', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(consoleHtml);
  };
  app.get('/admin', sendConsole);
  app.get('/admin/*', sendConsole);

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: options.distDir }));
  // A missing hashed asset is a stale page asking for an old build: answer 404, not HTML served as script.
  app.get('/assets/*', (c) => c.text('Not found', 404));

  const sendIndex = (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };
  app.get('/', sendIndex);
  app.get('/index.html', sendIndex);
  app.use('*', serveStatic({ root: options.distDir }));
  app.get('*', sendIndex);
  return app;
}
