// The folders `npm run test:mutation` scores (issue 24), each with the tests that exercise it: stryker.config.mjs
// mutates a group's files and vitest.stryker.config.ts runs its tests.
export const GROUPS = {
  domain: { mutate: ['src/domain/**/*.ts'], tests: ['tests/src/domain'] },
  machines: { mutate: ['machines/**/*.ts'], tests: ['tests/machines'] },
  services: {
    mutate: ['server/{api-keys,audit,customers,feedback,members,registrations,staff,surveys}/**/*.ts'],
    tests: [
      'tests/server/{api-keys,audit,customers,feedback,members,registrations,staff,surveys}/**',
      'tests/server/routes/**',
    ],
  },
  integrations: {
    mutate: ['server/{integrations,limits}/**/*.ts'],
    tests: ['tests/server/integrations/**', 'tests/server/limits/**', 'tests/server/routes/throttles.test.ts'],
  },
  reports: {
    mutate: ['server/{retention,dashboard,exports}/**/*.ts'],
    tests: ['tests/server/{retention,dashboard,exports}/**'],
  },
};
