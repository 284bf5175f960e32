// The folders `npm run test:mutation` scores (decision 023), each with the tests that exercise it: stryker.config.mjs
// mutates a group's files and vitest.stryker.config.ts runs its tests.
// `ignoreStatic`: a static mutant (module-level code: a constant, a table, a schema) reruns every test of the group,
// and the server groups' suites take tens of seconds, so such a group would spend hours on a few dozen mutants.
// Those are left out of the server groups' scores (Stryker reports them as Ignored); the client groups keep theirs.
export const GROUPS = {
  domain: { mutate: ['src/domain/**/*.ts'], tests: ['tests/src/domain'] },
  machines: { mutate: ['machines/**/*.ts'], tests: ['tests/machines'] },
  services: {
    ignoreStatic: true,
    mutate: [
      'server/features/{api-keys,audit,customers,feedback,follow-ups,members,registrations,sites,staff,surveys}/**/*.ts',
      // The routes are HTTP (their tests below cover them, not mutate them); the CSVs are the reports' group.
      '!server/features/**/*.routes.ts',
      '!server/features/*/*-csv.ts',
      '!server/features/staff/auth.ts',
      // The keyset paging every list of these services shares.
      'server/platform/lists/keyset-page.ts',
    ],
    tests: [
      'tests/server/features/{api-keys,audit,customers,feedback,follow-ups,members,registrations,sites,staff,surveys}/**',
      'tests/server/features/**/*.routes*.test.ts',
      // A member's consent to texts, as their page and export show it, is exercised by the texts they send.
      'tests/server/features/integrations/sms-inbound.test.ts',
    ],
  },
  // The options handed to better-auth are read once, when a suite builds its app (a hook): Stryker counts such code
  // as static. Under `ignoreStatic` a mutant that some other test also reaches inside a test is run against that test
  // alone, so the suites that check what the options do (a disabled account refused, the session's lifetime) never
  // met those mutants. Here every mutant runs against all of the sign-in suites: minutes, as they are few.
  auth: {
    mutate: ['server/features/staff/auth.ts'],
    tests: ['tests/server/features/staff'],
  },
  integrations: {
    ignoreStatic: true,
    mutate: [
      'server/features/integrations/**/*.ts',
      '!server/features/**/*.routes.ts',
      'server/platform/{limits,outbound}/**/*.ts',
    ],
    tests: [
      'tests/server/features/integrations/**',
      'tests/server/platform/{limits,outbound}/**',
      // The integrations' workers also run the retention pass on its schedule: this suite is what starts them.
      'tests/server/features/retention/retention-job.test.ts',
    ],
  },
  reports: {
    ignoreStatic: true,
    mutate: [
      'server/features/{retention,dashboard}/**/*.ts',
      '!server/features/**/*.routes.ts',
      'server/features/*/*-csv.ts',
      'server/platform/lists/csv-stream.ts',
    ],
    tests: [
      'tests/server/features/{retention,dashboard}/**',
      'tests/server/features/*/*-csv.test.ts',
      'tests/server/platform/lists/**',
    ],
  },
};
