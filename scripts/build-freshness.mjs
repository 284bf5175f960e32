// Whether dist/ holds a build of the current sources: scripts/start.mjs and the bench ask before they run it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = [
  'server',
  'src',
  'machines',
  'public',
  'index.html',
  'admin.html',
  'package-lock.json',
  'vite.config.ts',
  'vite.console.config.ts',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/precompress.mjs',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(`${path}/${name}`));
  return newest;
}

/** When the last whole build ended (the stamp its last step writes), or 0 when there is none. */
export const builtAt = () => {
  const stamp = `${root}dist/.build-stamp`;
  return existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
};

/** Whether a source changed since the last build, or there is none. */
export const buildIsStale = () => builtAt() < Math.max(...SOURCES.map((path) => newestChange(`${root}${path}`)));
