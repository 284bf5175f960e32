// Mutation testing (issue 24): `npm run test:mutation`, by hand, never part of `npm test`.
// A narrower run: `npm run test:mutation -- --mutate 'src/domain/**/*.ts'`.
// Server suites run on PGlite only here: the PostgreSQL side adds time and kills no extra mutant.
delete process.env.TEST_DATABASE_URL;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: [
    'src/domain/**/*.ts',
    'machines/**/*.ts',
    'server/{api-keys,audit,customers,feedback,members,registrations,staff,surveys}/**/*.ts',
    'server/{limits,retention,dashboard,exports,integrations}/**/*.ts',
  ],
  // Two cores shared with other work.
  concurrency: 1,
  timeoutMS: 60_000,
  // The first, unmutated run is the whole suite below: minutes on a busy machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // The sandbox is a copy of the tree: leave out build output and what other runs write meanwhile.
  // Anchored to the root: an unanchored 'data' would also drop server/data (the vehicle catalogue) from the sandbox.
  ignorePatterns: ['/dist', '/data', '/reports', '/test-results', '/playwright-report', '/coverage', '/bench', '*.log'],
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
