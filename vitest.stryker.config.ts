import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker reruns for each mutant: what covers src/domain, machines/ and the server's services.
// Left out: the browser specs, the lint checks (they read files, they run none of the mutated code) and the
// suites that spawn processes or build (their children do not run the instrumented code).
// MUTATION_TESTS narrows the suite for a folder-by-folder run, e.g.
//   MUTATION_TESTS='tests/src/**,tests/machines/**' npm run test:mutation -- --mutate 'src/domain/**/*.ts'
const narrowed = process.env.MUTATION_TESTS?.split(',').map((glob) => glob.trim());

export default mergeConfig(
  { ...base, test: { ...base.test, ...(narrowed ? { include: [] } : {}) } },
  defineConfig({
    test: {
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
        '.stryker-tmp/**',
      ],
      reporters: ['default'],
    },
  }),
);
