// Compiles the server to plain JavaScript for `npm start`: one ES module per entry point in dist/server (the server
// and the command-line tools), our own code bundled, every package left to node_modules. The last build step: its
// stamp tells scripts/start.mjs that the whole build is there and when it was made.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRIES = ['main', 'cli/staff', 'cli/registration', 'cli/member', 'cli/migrate'];

await build({
  absWorkingDir: root,
  entryPoints: SERVER_ENTRIES.map((entry) => ({ in: `server/${entry}.ts`, out: entry })),
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.13',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(`${root}dist/.build-stamp`, `${new Date().toISOString()}\n`);
console.log('Server: dist/server');
