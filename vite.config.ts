import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The server's render of the first screen (decision 016) is one file holding all it imports: production
    // installs no React, and it has no public folder of its own to copy.
    copyPublicDir: !isSsrBuild,
  },
  ssr: { noExternal: true },
}));
