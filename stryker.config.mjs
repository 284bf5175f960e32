// Mutation testing (issue 24): `npm run test:mutation` (scripts/mutation.mjs), by hand, never part of `npm test`.
// The script runs Stryker once per group of folders, naming the group in MUTATION_GROUP and its tests in
// MUTATION_TESTS (vitest.stryker.config.ts); each group keeps its own report and incremental file.
import { GROUPS } from './scripts/mutation-groups.mjs';

// Server suites run on PGlite only here: the PostgreSQL side adds time and kills no extra mutant.
delete process.env.TEST_DATABASE_URL;
const group = process.env.MUTATION_GROUP ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: GROUPS[group]?.mutate ?? Object.values(GROUPS).flatMap((each) => each.mutate),
  // The server groups leave static mutants out (scripts/mutation-groups.mjs says why).
  ignoreStatic: GROUPS[group]?.ignoreStatic ?? false,
  // One test process per core of the 2-core machines here.
  concurrency: 2,
  timeoutMS: 60_000,
  // The first, unmutated run is the whole suite below: minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${group}.html` },
  jsonReporter: { fileName: `reports/mutation/${group}.json` },
  // A rerun after a change tests only the mutants whose code or covering tests changed.
  incremental: true,
  incrementalFile: `reports/mutation/${group}.incremental.json`,
  // Its own sandbox, so that two groups may run side by side.
  tempDirName: `.stryker-tmp-${group}`,
  // The sandbox is a copy of the tree: leave out build output and what other runs write meanwhile.
  // Anchored to the root: an unanchored 'data' would also drop server/features/vehicles/data (the vehicle catalogue) from the sandbox.
  ignorePatterns: [
    '/dist',
    '/data',
    '/reports',
    '/test-results',
    '/playwright-report',
    '/coverage',
    '/bench',
    '/.stryker-tmp*',
    '*.log',
  ],
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
