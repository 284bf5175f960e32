import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  // Lingui's macros, and its catalogues compiled at build time; a Spanish text missing fails the build (decision 018).
  plugins: [linguiMacro(), lingui({ failOnMissing: true, failOnCompileError: true }), react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The server's render of the first screen (decision 016) is one file holding all it imports: production
    // installs no React, and it has no public folder of its own to copy.
    copyPublicDir: !isSsrBuild,
    // Every browser the customers use preloads modules itself (iOS 17+); without it, they still load, one after the
    // other. The polyfill would be in the first screen's script for the few that do not (decision 035).
    modulePreload: { polyfill: false },
    // What the first screen needs, in the entry's one file (index-*.js): ten small shared chunks compressed apart cost
    // 3 kB of gzip more, and the later pages' chunks import from it (decision 035).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  // React Router resolves to its development build whatever the mode (remix-run/react-router#14102, open): its
  // warnings on in production, and 0.5 kB of gzip more in the first screen's script. A build takes its production
  // build, by path; the dev server keeps the warnings.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ],
        }
      : {},
  ssr: { noExternal: true },
}));
