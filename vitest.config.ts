import { lingui } from '@lingui/vite-plugin';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { linguiMacro } from './scripts/lingui-macro-plugin.ts';
import { TEST_NODE_FLAGS } from './tests/server/helpers/test-node-flags.ts';

/**
 * The slowest server suites, slowest first (seconds each on CI's two cores, 2026-11). Vitest starts the files it has
 * timed before longest first, but CI's fresh `npm ci` leaves it no timings (node_modules/.vite), and it then starts the
 * largest files first: a long suite started late ran alone at the end while the other workers sat idle.
 */
const SLOWEST_FIRST = [
  'tests/server/start-command.test.ts',
  'tests/server/resilience/crash.test.ts',
  'tests/server/cli/staff.test.ts',
  'tests/server/platform/db/data-dir-lock.test.ts',
  'tests/server/features/integrations/webhook-delivery.test.ts',
  'tests/server/features/integrations/durability.test.ts',
  'tests/server/platform/db/seed.test.ts',
  'tests/server/features/staff/auth.routes.test.ts',
  'tests/server/cli/member.test.ts',
  'tests/server/features/integrations/sms-delivery.test.ts',
  'tests/server/features/follow-ups/follow-up-alerts.test.ts',
  'tests/server/platform/http/http-server.test.ts',
  'tests/server/features/retention/retention-job.test.ts',
];

/**
 * Client suites whose subject is a module's first load (the phone input before its metadata arrives, with the
 * module mocked): they need a worker of their own, where nothing has loaded it yet.
 */
const LOADS_AFRESH = [
  'tests/src/components/phone-input/phone-input-metadata.test.tsx',
  // Mocks the inspector's package and starts it: the worker's other files must not share that module.
  'tests/src/lib/inspector.test.ts',
];

/** The image's own suite, run by `npm run test:container` (vitest.container.config.ts): it builds for minutes. */
const CONTAINER_IMAGE = 'tests/container/image.test.ts';

/** Vitest's order, with the suites above moved to the front of their project, in the order above. */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    const sorted = (await super.sort(files)).map((spec, index) => ({ spec, index }));
    // Vitest's order keeps each project's files together: only files of the same project change places.
    sorted.sort(
      (a, b) => (a.spec.project.name === b.spec.project.name ? rank(a.spec) - rank(b.spec) : 0) || a.index - b.index,
    );
    return sorted.map(({ spec }) => spec);
  }
}

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
    sequence: { sequencer: SlowestFirst },
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Migrates PGlite and PostgreSQL once per run; every suite's database is a copy.
          globalSetup: ['tests/server/helpers/migrated-once.ts'],
          // Staff passwords hashed at a test's cost, not production's (the file says why and where the real one runs).
          setupFiles: ['tests/server/helpers/quick-password-hashing.ts'],
          // PGlite's WebAssembly compiled once, not twice (the file says why).
          execArgv: TEST_NODE_FLAGS,
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
          exclude: ['tests/server/**', 'tests/e2e/**', 'node_modules/**', CONTAINER_IMAGE, ...LOADS_AFRESH],
          // Each file renders into a fresh DOM and cleans up after itself; the modules (React, the statecharts,
          // valibot, Lingui) load once per worker instead of once per file: about a quarter of the client suites'
          // CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'client-isolated', include: LOADS_AFRESH },
      },
    ],
  },
});
