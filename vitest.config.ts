import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacro } from './scripts/lingui-macro-plugin';

export default defineConfig({
  // The customer pages' texts go through Lingui, as in the build (decision 018).
  plugins: [linguiMacro(), lingui()],
  test: {
    // PGlite boots a WebAssembly Postgres per suite: give it time on a shared 2-core machine.
    testTimeout: 30_000,
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most suites wait more than they compute
    // (on PostgreSQL, on child processes, on a worker's poll), so three files side by side keep both cores busy.
    maxWorkers: 3,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Migrates PGlite and PostgreSQL once per run; every suite's database is a copy.
          globalSetup: ['tests/server/helpers/migrated-once.ts'],
          // The server keeps no state in its modules (each suite builds its own app and database), so a worker
          // loads Hono, Drizzle, PGlite and pg-boss once for all its files instead of once per file: about a
          // quarter of the server suites' CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          // The phone input's tests load its metadata and mock its validation module: each file starts afresh.
          exclude: ['tests/server/**', 'tests/e2e/**', 'node_modules/**'],
        },
      },
    ],
  },
});
