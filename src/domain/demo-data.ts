import * as v from 'valibot';

export const DEMO_MESSAGES = {
  includeDemo: 'includeDemo is true or false',
  ownersOnly: 'Only an owner may see demo data.',
  noDemo: 'There is no demo data.',
} as const;

/**
 * `?includeDemo=true`: the demo code and what it made, left out of every list, figure and export otherwise
 * (decision 049). Owners only: the server refuses the flag from anyone else.
 */
export const includeDemoFilter = {
  includeDemo: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], DEMO_MESSAGES.includeDemo),
      v.transform((text) => text === 'true'),
      v.description('true: include the demo code and what it made (owners only).'),
    ),
  ),
};

/** `GET /api/admin/demo-data`: what the demo made, still there. All zero once it is removed. */
export const demoDataSchema = v.object({
  registrations: v.number(),
  members: v.number(),
  surveys: v.number(),
  followUpCases: v.number(),
  /** The sites made only for the demo, by id. */
  sites: v.array(v.string()),
});
export type DemoData = v.InferOutput<typeof demoDataSchema>;

/** What "Remove demo data" deleted, counted (its audit row says the same). */
export const removedDemoDataSchema = v.object({
  registrations: v.number(),
  members: v.number(),
  surveys: v.number(),
  followUpCases: v.number(),
  textMessages: v.number(),
  sites: v.number(),
});
export type RemovedDemoData = v.InferOutput<typeof removedDemoDataSchema>;

export const hasDemoData = (data: DemoData) => data.registrations > 0 || data.sites.length > 0;
