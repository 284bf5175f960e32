import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The operator console is a build of its own (admin.html → dist/console), so nothing of it, not even a shared
 * chunk split differently, changes what a customer's page loads. Its assets are served under /console-assets/.
 */
export default defineConfig({
  plugins: [react()],
  base: '/console-assets/',
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { input: 'admin.html' },
  },
});
