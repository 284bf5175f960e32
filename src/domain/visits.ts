import * as v from 'valibot';
import { described, timestamp, timestampOrNull } from './described';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/**
 * A visit from the point-of-sale (decision 052): at a site, at a time, by a number or a member. How far from now
 * `visitedAt` may be: a till's clock a few minutes fast is a till, a visit a year old or in the future is a mistake.
 */
export const VISIT_TIME_LIMITS = { aheadMinutes: 5, backDays: 366 } as const;

/** The days "visits in the last N days" counts on a member's page (`FIGURES.recentVisits`). */
export const RECENT_VISIT_DAYS = 30;

/** How many of a member's visits their page lists, newest first. */
export const MEMBER_PAGE_VISITS = 10;

export const VISIT_MESSAGES = {
  siteId: 'siteId is required: the site the visit was at',
  externalId: "externalId is required: the point-of-sale's own id of the visit (at most 100 characters)",
  member: 'Send mobileNumber or customerId: who visited',
  memberBoth: 'Send mobileNumber or customerId, not both',
  mobileNumber: 'Enter a valid mobile number',
  customerId: 'No member has this customerId',
  package: 'package is the wash package name, at most 80 characters',
  visitedAt: 'Use an ISO 8601 timestamp, such as 2026-11-22T14:30:00Z',
  visitedAtAhead: `visitedAt is more than ${VISIT_TIME_LIMITS.aheadMinutes} minutes ahead of the server's clock`,
  visitedAtPast: `visitedAt is more than ${VISIT_TIME_LIMITS.backDays} days ago`,
  externalIdReused:
    'This externalId was already recorded at this site with another member, time or package: send a new externalId for a new visit.',
} as const;

const line = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message), plainText(message));

/** What a point-of-sale sends to `POST /api/visits`: exactly one of `mobileNumber` and `customerId`. */
export const newVisitSchema = v.object({
  siteId: described(line(40, VISIT_MESSAGES.siteId), 'The site the visit was at, as the point-of-sale names it.'),
  visitedAt: v.optional(
    described(
      v.pipe(
        v.string(VISIT_MESSAGES.visitedAt),
        v.isoTimestamp(VISIT_MESSAGES.visitedAt),
        v.check((value) => !Number.isNaN(new Date(value).getTime()), VISIT_MESSAGES.visitedAt),
      ),
      `When the visit happened; now when left out. At most ${VISIT_TIME_LIMITS.aheadMinutes} minutes ahead, at most ${VISIT_TIME_LIMITS.backDays} days ago.`,
    ),
  ),
  mobileNumber: v.optional(
    described(
      v.pipe(v.string(VISIT_MESSAGES.mobileNumber), v.trim(), v.nonEmpty(VISIT_MESSAGES.mobileNumber)),
      "The visitor's mobile number, read in DEFAULT_PHONE_COUNTRY unless it starts with +. A number no member has yet is kept: its visits are the member's once they join.",
    ),
  ),
  customerId: v.optional(
    described(
      v.pipe(v.string(VISIT_MESSAGES.customerId), v.trim(), v.nonEmpty(VISIT_MESSAGES.customerId), v.maxLength(64)),
      'The member, by the `customer.id` of their `registration.completed` event.',
    ),
  ),
  package: v.optional(
    described(
      v.pipe(
        v.string(VISIT_MESSAGES.package),
        v.trim(),
        v.maxLength(80, VISIT_MESSAGES.package),
        plainText(UNSUPPORTED_CHARACTERS),
      ),
      'The wash package, by name.',
    ),
    '',
  ),
  externalId: described(
    line(100, VISIT_MESSAGES.externalId),
    "The point-of-sale's own id of the visit, unique at its site: sent again, it answers the visit already recorded (200).",
  ),
});
export type NewVisit = v.InferOutput<typeof newVisitSchema>;

/** The answer to `POST /api/visits`: the visit as recorded, the member as the point-of-sale named them. */
export const visitAnswerSchema = v.object({
  id: v.string(),
  siteId: v.string(),
  externalId: v.string(),
  visitedAt: timestamp('When the visit happened.'),
  mobileNumber: described(v.nullable(v.string()), 'E.164, when the visit was sent with a number; null otherwise.'),
  customerId: described(v.nullable(v.string()), 'When the visit was sent with a customerId; null otherwise.'),
  package: v.string(),
  recordedAt: timestamp('When the server first recorded it.'),
});
export type VisitAnswer = v.InferOutput<typeof visitAnswerSchema>;

/** The visits on a member's page (`VISIT_FIGURES`): the figures, and the latest few. */
export const memberVisitsSchema = v.object({
  lastVisitAt: timestampOrNull('The latest visit; null for none.'),
  recentCount: described(v.number(), `Visits in the last ${RECENT_VISIT_DAYS} days.`),
  latest: v.array(
    v.object({
      id: v.string(),
      siteId: v.string(),
      visitedAt: v.string(),
      package: v.string(),
    }),
  ),
});
export type MemberVisits = v.InferOutput<typeof memberVisitsSchema>;

/** The members list's "no visit in N days": whole days, from 1 to ten years. */
export const NO_VISIT_DAYS_MESSAGE = 'noVisitDays must be a whole number of days from 1 to 3650';
export const noVisitDaysSchema = v.pipe(
  v.string(NO_VISIT_DAYS_MESSAGE),
  v.regex(/^\d{1,4}$/, NO_VISIT_DAYS_MESSAGE),
  v.transform(Number),
  v.minValue(1, NO_VISIT_DAYS_MESSAGE),
  v.maxValue(3650, NO_VISIT_DAYS_MESSAGE),
);
