import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono, type Context, type Env } from 'hono';
import { ApiError } from '../../platform/http/api-error';
import { appPath } from '../../platform/app-root';
import { noSuchRoute } from '../../platform/http/no-such-route';
import { describe } from '../../platform/http/route-description';
import { apiReferencePolicy } from '../../platform/http/security-headers';
import { API_DOCUMENT_PATH } from './openapi.routes';

export const API_REFERENCE_PATH = '/api/docs';
export const API_REFERENCE_SCRIPT_PATH = `${API_REFERENCE_PATH}/standalone.js`;

/**
 * Scalar's browser bundle: the build's copy (scripts/copy-api-reference.mjs) where there is one, since production
 * installs no dev dependencies; the package's own in development and tests.
 */
const SCRIPT_FILES = [
  appPath('dist', 'api-reference', 'standalone.js'),
  appPath('node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js'),
];

/** The page's script is versioned by its content, so it can be cached for a year. */
const SCRIPT_CACHE = 'public, max-age=31536000, immutable';
/** The page and the document change with a deployment: a few minutes is all a browser or proxy keeps them. */
const PAGE_CACHE = 'public, max-age=300';

interface ReferenceAssets {
  script: Buffer;
  html: string;
  policy: string;
}

/**
 * Everything on the page comes from this origin: no fonts from Scalar's host (`withDefaultFonts`), no "open in
 * Scalar's client" link (`hideClientButton`, which would hand Scalar the document's address), no developer
 * tools (their "share" uploads the document to api.scalar.com), no AI agent (api.scalar.com), no telemetry, and
 * no `proxyUrl`: "Try it" requests go straight to this origin.
 */
const renderPage = (scriptVersion: string) =>
  Scalar({
    url: API_DOCUMENT_PATH,
    cdn: `${API_REFERENCE_SCRIPT_PATH}?v=${scriptVersion}`,
    pageTitle: 'Club Profile API reference',
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    telemetry: false,
    agent: { disabled: true },
    documentDownloadType: 'json',
  });

/** The sha256 (base64) of each inline script, for the page's policy. */
const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    createHash('sha256').update(match[1]!).digest('base64'),
  );

async function loadAssets(c: Context<Env, string>): Promise<ReferenceAssets> {
  const file = SCRIPT_FILES.find((path) => existsSync(path));
  if (!file) throw new ApiError(404, 'not_found', 'The API reference is not built: run npm run build.');
  const script = await readFile(file);
  const version = createHash('sha256').update(script).digest('base64url').slice(0, 16);
  const page = await renderPage(version)(c, async () => {});
  if (!(page instanceof Response)) throw new Error('The API reference page did not render.');
  const html = await page.text();
  return { script, html, policy: apiReferencePolicy(inlineScriptHashes(html)) };
}

/** `GET /api/docs`: the browsable reference of /api/openapi.json, and its script, served from this origin. */
export function apiReferenceRoutes(): Hono {
  const app = new Hono();
  let assets: Promise<ReferenceAssets> | undefined;
  const loaded = (c: Context<Env, string>) => {
    assets ??= loadAssets(c).catch((error: unknown) => {
      assets = undefined;
      throw error;
    });
    return assets;
  };

  app.get(
    '/',
    describe({
      summary: 'This reference, as a page to browse (Scalar)',
      answers: { 200: { description: `The page; it reads ${API_DOCUMENT_PATH}.`, media: 'text/html' } },
      refusals: ['not_found'],
      access: 'open',
    }),
    async (c) => {
      const { html, policy } = await loaded(c);
      c.header('Content-Security-Policy', policy);
      c.header('Cache-Control', PAGE_CACHE);
      return c.html(html);
    },
  );

  app.get(
    '/standalone.js',
    describe({
      summary: "The reference page's script (Scalar's standalone bundle)",
      answers: { 200: { description: 'JavaScript, versioned by `?v=`: cached for a year.', media: 'text/javascript' } },
      refusals: ['not_found'],
      access: 'open',
    }),
    async (c) => {
      const { script } = await loaded(c);
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', SCRIPT_CACHE);
      return c.body(new Uint8Array(script));
    },
  );

  app.all('*', noSuchRoute);
  return app;
}
