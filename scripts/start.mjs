// `npm start` and the command-line tools: runs the compiled server (dist/server/<entry>.js) with plain node, in this
// process, so signals reach it directly. Arguments after the entry are the tool's own. A build that is missing or older than the sources is made first, when the
// build tools (dev dependencies) are installed; a production install (`npm ci --omit=dev`) runs the build it has.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const named = process.argv[2] && !process.argv[2].startsWith('-');
const entry = named ? process.argv[2] : 'main';
// The tool reads its own arguments from process.argv, as if it had been started directly.
if (named) process.argv.splice(2, 1);
const stamp = `${root}dist/.build-stamp`;

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = ['server', 'src', 'machines', 'public', 'index.html', 'admin.html', 'package-lock.json'];
const SOURCES_ALSO = ['vite.config.ts', 'vite.console.config.ts', 'scripts/build-server.mjs'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(`${path}/${name}`));
  return newest;
}

function buildToolsInstalled() {
  try {
    createRequire(import.meta.url).resolve('vite');
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...[...SOURCES, ...SOURCES_ALSO].map((path) => newestChange(`${root}${path}`)));
if (built < sources && entry !== 'main' && buildToolsInstalled()) {
  // A command-line tool in a checkout being worked on: its source runs at once, where a build would take a minute.
  const result = spawnSync(process.execPath, ['--import', 'tsx', `server/${entry}.ts`, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
if (built < sources) {
  if (buildToolsInstalled()) {
    console.log(built ? 'The sources changed since the last build: building...' : 'Building the app (first start)...');
    const result = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
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
