import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { baselineRoot, repoRoot } from './paths';

/**
 * Source maps are 'hidden': written next to each chunk (the bundle section reads them to name the biggest modules)
 * without a `sourceMappingURL` comment, so the JavaScript is byte for byte what a normal build ships.
 */
const measuredBuild = (outDir: string) => ({ outDir, emptyOutDir: true, sourcemap: 'hidden' as const });

/** The app with the repo's own vite.config.ts, into `outDir` so that nobody else's dist/ is touched. */
export async function buildApp(outDir: string): Promise<void> {
  await build({ root: repoRoot, logLevel: 'error', build: measuredBuild(outDir) });
}

/** bench/baseline with the same Vite and React plugin, and nothing else. */
export async function buildBaseline(outDir: string): Promise<void> {
  await build({
    root: baselineRoot,
    configFile: false,
    envFile: false,
    logLevel: 'error',
    plugins: [react()],
    build: measuredBuild(outDir),
  });
}

/** What `npm start` serves: `<repo>/dist`, built with the repo's own settings. */
export async function buildDist(): Promise<void> {
  await build({ root: repoRoot, logLevel: 'error' });
}

function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Why dist/ does not reflect the sources (missing, or older than a source file), or undefined when it does. */
export function distStaleness(): string | undefined {
  const built = statSync(`${repoRoot}/dist/index.html`, { throwIfNoEntry: false });
  if (!built) return 'dist/ is missing';
  const inputs = ['src', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json'];
  const stale = inputs.filter((input) => newestMtime(`${repoRoot}/${input}`) > built.mtimeMs);
  return stale.length > 0 ? `dist/ is older than ${stale.join(', ')}` : undefined;
}
