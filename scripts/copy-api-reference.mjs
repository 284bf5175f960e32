// Copies Scalar's browser bundle into the build, so the API reference page (/api/docs) is served from our own
// origin in production, where the dev dependency @scalar/api-reference is not installed. Run after `vite build`
// (which empties dist/). server/features/openapi/api-reference.routes.ts serves dist/api-reference/standalone.js
// when it exists, and the package's own copy otherwise.
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('..', import.meta.url);
const from = fileURLToPath(new URL('node_modules/@scalar/api-reference/dist/browser/standalone.js', root));
const to = fileURLToPath(new URL('dist/api-reference/standalone.js', root));

mkdirSync(fileURLToPath(new URL('dist/api-reference/', root)), { recursive: true });
copyFileSync(from, to);
console.log(`API reference script: ${to}`);
