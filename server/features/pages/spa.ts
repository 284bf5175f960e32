import { existsSync, readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { injectRuntimeConfig } from './embed-runtime-config';
import { firstScreenPage } from './first-screen-page';
import type { RuntimeConfig } from '../../../src/domain/runtime-config';
import { acceptedLanguages, chosenLanguage, pickLanguage } from '../../../src/domain/language';
import { loadFirstScreenRenderer } from './first-screen-renderer';
import { isBrowserNavigation, lookUpForPage, type PageLookupDeps } from './page-lookup';
import type { Logger } from '../../platform/logging/logger';

/** The app's part in serving the page: the database and the lookup throttle the API also counts misses with. */
export type SpaRoutes = (deps: PageLookupDeps & { logger: Logger }) => Hono;

/**
 * Serves the built SPA: hashed assets cached for a year, other files as they are, the console's page for /admin
 * paths, and index.html (with the runtime configuration) for every other GET, so the client-side routers own the
 * paths. A browser opening `/?id=CODE` gets the page with the code's lookup in it, and the form already rendered
 * when the code is open (decision 016).
 */
export const spaRoutes =
  (options: { distDir: string; config: RuntimeConfig }): SpaRoutes =>
  (deps) => {
    const html = injectRuntimeConfig(readFileSync(`${options.distDir}/index.html`, 'utf8'), options.config);
    const pageFor = firstScreenPage(html, (path) => readFileSync(`${options.distDir}${path}`, 'utf8'));
    // Loaded on the first page that needs it: start-up does not wait for React to be imported.
    let renderer: ReturnType<typeof loadFirstScreenRenderer> | undefined;
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
        precompressed: true,
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
    // Compressed at build time (scripts/precompress.mjs): brotli or gzip as the browser accepts, else the file.
    app.use('/assets/*', serveStatic({ root: options.distDir, precompressed: true }));
    // A missing hashed asset is a stale page asking for an old build: answer 404, not HTML served as script.
    app.get('/assets/*', (c) => c.text('Not found', 404));

    const sendIndex = (c: Context) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(html);
    };
    app.get('/', async (c) => {
      const token = c.req.query('id');
      if (!token || !isBrowserNavigation(c)) return sendIndex(c);
      const lookup = await lookUpForPage(c, deps, token, (error) =>
        deps.logger.error('page lookup failed', { error: error instanceof Error ? error.name : 'unknown' }),
      );
      if (!lookup) return sendIndex(c);
      renderer ??= loadFirstScreenRenderer(options.distDir, options.config);
      const render = await renderer;
      const { pathname, search } = new URL(c.req.url);
      // As the browser will choose (decision 018): the customer's switch this visit, else their languages.
      const language =
        chosenLanguage(c.req.header('cookie')) ?? pickLanguage(acceptedLanguages(c.req.header('accept-language')));
      const markup =
        render && lookup.kind === 'found' && !lookup.registration.isCompleted
          ? render(pathname + search, token, lookup, language)
          : '';
      // The page carries this member's registration: no cache, shared or private, keeps it.
      c.header('Cache-Control', 'no-store');
      return c.html(pageFor(lookup, markup, language));
    });
    app.get('/index.html', sendIndex);
    app.use('*', serveStatic({ root: options.distDir }));
    app.get('*', sendIndex);
    return app;
  };
