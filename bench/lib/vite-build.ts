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
