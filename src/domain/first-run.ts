import * as v from 'valibot';

/**
 * A new owner's first steps, in the order the dashboard lists them: every site named (at least one, none waiting for
 * a name), a manager who may sign in, an API key not revoked for a till, and a code issued that is not the start-up
 * demo code (`source_system = 'demo'`).
 */
export const FIRST_RUN_STEPS = ['sitesNamed', 'managerAdded', 'keyMade', 'codeIssued'] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** `GET /api/admin/first-run`: whether each step is done. */
export const firstRunSchema = v.object({
  steps: v.object({
    sitesNamed: v.boolean(),
    managerAdded: v.boolean(),
    keyMade: v.boolean(),
    codeIssued: v.boolean(),
  }),
});
export type FirstRun = v.InferOutput<typeof firstRunSchema>;
