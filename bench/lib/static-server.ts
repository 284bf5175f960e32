import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/**
 * How the app's server encodes what it sends (server/features/pages/spa.ts): assets compressed at build time, brotli when the
 * browser takes it (scripts/precompress.mjs), the page gzipped as it goes out (hono's compress).
 */
function encode(file: string, body: Buffer, accepted: string): { body: Buffer; encoding?: string } {
  const accepts = new Set(accepted.split(',').map((encoding) => encoding.trim()));
  if (extname(file) === '.html') return accepts.has('gzip') ? { body: gzipSync(body), encoding: 'gzip' } : { body };
  if (body.length < 1024) return { body };
  if (accepts.has('br')) {
    const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
    return { body: brotliCompressSync(body, { params: quality }), encoding: 'br' };
  }
  return accepts.has('gzip') ? { body: gzipSync(body, { level: 9 }), encoding: 'gzip' } : { body };
}

/**
 * Serves a built page on loopback the way the app's own server does (compressed alike, index.html for unknown
 * paths), so the baseline and the app reach Lighthouse on equal terms.
 */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = path === '/' || !extname(path) ? 'index.html' : path;
    readFile(join(root, file))
      .then((contents) => {
        const { body, encoding } = encode(file, contents, String(request.headers['accept-encoding'] ?? ''));
        response.writeHead(200, {
          'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          vary: 'Accept-Encoding',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        });
        response.end(body);
      })
      .catch(() => {
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not found');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
