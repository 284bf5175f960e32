import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './scripts/lingui-macro-plugin';

export default defineConfig({
  // The customer pages' texts go through Lingui, as in the build (decision 018).
  plugins: [linguiMacro(), lingui()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // PGlite boots a WebAssembly Postgres per suite: give it time on a shared 2-core machine.
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most suites wait more than they compute
    // (on PostgreSQL, on child processes, on a worker's poll), so three files side by side keep both cores busy.
    maxWorkers: 3,
    // Migrates PGlite and PostgreSQL once per run; every suite's database is a copy.
    globalSetup: ['tests/server/helpers/migrated-once.ts'],
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
  },
});
