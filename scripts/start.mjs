// `npm start` and the command-line tools (`node scripts/start.mjs cli/staff add …`): runs the compiled server
// (dist/server/<entry>.js) with plain node, in this process, so signals reach it directly. A build that is missing
// or older than the sources is made first (a few seconds), when the build tools (dev dependencies) are installed;
// a production install (`npm ci --omit=dev`) runs the build it has.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { builtAt, buildIsStale } from './build-freshness.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const named = process.argv[2] && !process.argv[2].startsWith('-');
const entry = named ? process.argv[2] : 'main';
// The tool reads its own arguments from process.argv, as if it had been started directly.
if (named) process.argv.splice(2, 1);

function buildToolsInstalled() {
  try {
    createRequire(import.meta.url).resolve('vite');
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

const built = builtAt();
const stale = buildIsStale();
if (stale) {
  if (buildToolsInstalled()) {
    // On stderr: a tool's stdout is its answer (`npm run member -- export > member.json`).
    console.error(
      built ? 'The sources changed since the last build: building...' : 'Building the app (first start)...',
    );
    const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else if (!built) {
    console.error('There is no build in dist/, and the build tools are not installed: run `npm ci && npm run build`.');
    process.exit(1);
  } else {
    console.warn(
      'The sources are newer than the build in dist/; running the build as it is (no build tools installed).',
    );
  }
}

await import(pathToFileURL(`${root}dist/server/${entry}.js`).href);
