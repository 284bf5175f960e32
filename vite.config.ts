import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/lingui-macro-plugin';

export default defineConfig(({ isSsrBuild }) => ({
  // Lingui's macros, and its catalogues compiled at build time; a Spanish text missing fails the build (decision 018).
  plugins: [linguiMacro(), lingui({ failOnMissing: true, failOnCompileError: true }), react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The server's render of the first screen (decision 016) is one file holding all it imports: production
    // installs no React, and it has no public folder of its own to copy.
    copyPublicDir: !isSsrBuild,
  },
  ssr: { noExternal: true },
}));
