// Compresses the built pages' hashed assets once, at build time, beside each file (name.br, name.gz): the server
// (server/features/pages/spa.ts) sends whichever the browser accepts instead of compressing the same bytes on every request.
// Brotli at its highest quality costs seconds here and nothing per request. Run after the Vite builds.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['dist/assets', 'dist/console/assets'];
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const folder of FOLDERS) {
  for (const name of readdirSync(`${root}${folder}`)) {
    if (!COMPRESSIBLE.has(extname(name))) continue;
    const path = `${root}${folder}/${name}`;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    before += body.length;
    after += brotli.length;
  }
}
const kB = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(`Precompressed ${files} assets: ${kB(before)} → ${kB(after)} brotli`);
