import { defineConfig, mergeConfig } from 'vitest/config';
import { GROUPS } from './scripts/mutation-groups.mjs';
import base from './vitest.config.ts';

// The suite Stryker reruns for each mutant: what covers src/domain, machines/ and the server's services.
// Left out: the browser specs, the lint checks (they read files, they run none of the mutated code) and the
// suites that spawn processes or build (their children do not run the instrumented code).
// A group's run (scripts/mutation.mjs sets MUTATION_GROUP) takes that group's tests; MUTATION_TESTS, a comma-separated
// list of folders or files, narrows it by hand, e.g. MUTATION_TESTS='tests/src/domain/customer.test.ts'.
const narrowed =
  process.env.MUTATION_TESTS?.split(',').map((glob) => glob.trim()) ?? GROUPS[process.env.MUTATION_GROUP ?? '']?.tests;

// One project, every file in isolation (Stryker swaps modules between runs), with the server's global setup.
const { projects: _projects, ...rootOptions } = base.test ?? {};

export default mergeConfig(
  { ...base, test: { ...rootOptions, include: narrowed ? [] : ['tests/**/*.test.ts', 'tests/**/*.test.tsx'] } },
  defineConfig({
    test: {
      globalSetup: ['tests/server/helpers/migrated-once.ts'],
      // As in the server project: staff passwords hashed at a test's cost.
      setupFiles: ['tests/server/helpers/quick-password-hashing.ts'],
      ...(narrowed
        ? { include: narrowed.map((glob) => (/\.test\.tsx?$/.test(glob) ? glob : `${glob}/*.test.{ts,tsx}`)) }
        : {}),
      exclude: [
        'tests/e2e/**',
        'tests/lint/**',
        'tests/server/start-command.test.ts',
        'tests/server/cli/**',
        'tests/server/resilience/crash.test.ts',
        'node_modules/**',
        '.stryker-tmp*/**',
      ],
      reporters: ['default'],
    },
  }),
);
