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
      'server/{api-keys,audit,customers,feedback,follow-ups,members,registrations,sites,staff,surveys}/**/*.ts',
      '!server/staff/auth.ts',
      // The keyset paging every list of these services shares.
      'server/lib/keyset-page.ts',
    ],
    tests: [
      'tests/server/{api-keys,audit,customers,feedback,follow-ups,members,registrations,sites,staff,surveys}/**',
      'tests/server/routes/**',
      // A member's consent to texts, as their page and export show it, is exercised by the texts they send.
      'tests/server/integrations/sms-inbound.test.ts',
    ],
  },
  // The options handed to better-auth are read once, when a suite builds its app (a hook): Stryker counts such code
  // as static. Under `ignoreStatic` a mutant that some other test also reaches inside a test is run against that test
  // alone, so the suites that check what the options do (a disabled account refused, the session's lifetime) never
  // met those mutants. Here every mutant runs against all of the sign-in suites: minutes, as they are few.
  auth: {
    mutate: ['server/staff/auth.ts'],
    tests: ['tests/server/staff', 'tests/server/routes/auth.test.ts', 'tests/server/routes/staff-roles.test.ts'],
  },
  integrations: {
    ignoreStatic: true,
    mutate: ['server/{integrations,limits}/**/*.ts'],
    tests: [
      'tests/server/integrations/**',
      'tests/server/limits/**',
      'tests/server/routes/throttles.test.ts',
      // The integrations' workers also run the retention pass on its schedule: this suite is what starts them.
      'tests/server/retention/retention-job.test.ts',
    ],
  },
  reports: {
    ignoreStatic: true,
    mutate: ['server/{retention,dashboard,exports}/**/*.ts'],
    tests: ['tests/server/{retention,dashboard,exports}/**'],
  },
};
