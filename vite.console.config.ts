import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';

/**
 * The operator console is a build of its own (admin.html → dist/console), so nothing of it, not even a shared
 * chunk split differently, changes what a customer's page loads. Its assets are served under /console-assets/.
 */
export default defineConfig({
  // The console is in English; it shares the phone input, whose texts go through Lingui (decision 018).
  plugins: [linguiMacro(), lingui({ failOnMissing: true, failOnCompileError: true }), react()],
  base: '/console-assets/',
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: 'admin.html' },
  },
});
