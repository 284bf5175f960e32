import * as v from 'valibot';
import { customerViewSchema } from './customer-views';
import { described, timestamp, timestampOrNull } from './described';
import { includeDemoFilter } from './demo-data';
import { siteId } from './list-filters';
import { keysetQuery, pageOf, type KeyPart } from './paging';
import { surveyScoresSchema } from './survey';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/**
 * Follow-up cases (decision 026): a survey whose recommend score is 1–6 opens one, for someone at the member's site to
 * contact them, note what was done and resolve it with a root cause.
 */

/** `open` until someone reaches the member, `contacted` once they have, `resolved` with a root cause. */
export const FOLLOW_UP_STATUSES = ['open', 'contacted', 'resolved'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** Why the member was unhappy, as the person who resolved the case judged it. */
export const ROOT_CAUSES = [
  'wash_quality',
  'damage',
  'staff',
  'wait_time',
  'price_value',
  'equipment',
  'billing_membership',
  'other',
] as const;
export type RootCause = (typeof ROOT_CAUSES)[number];

export const ROOT_CAUSE_LABELS: Record<RootCause, string> = {
  wash_quality: 'Wash quality',
  damage: 'Damage',
  staff: 'Staff',
  wait_time: 'Wait time',
  price_value: 'Price or value',
  equipment: 'Equipment',
  billing_membership: 'Billing or membership',
  other: 'Other',
};

/**
 * What a timeline entry records: the case opened, a change of hands or status, a note, the escalation email, a text
 * the member sent us (decision 045).
 */
export const TIMELINE_KINDS = [
  'opened',
  'assigned',
  'contacted',
  'note',
  'resolved',
  'escalated',
  'text_received',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** FOLLOW_UP_HOURS' default: a detractor is contacted within two days (the feedback tools' usual promise). */
export const DEFAULT_FOLLOW_UP_HOURS = 48;
/** FOLLOW_UP_HOURS at most: a month. */
export const MAX_FOLLOW_UP_HOURS = 720;

/** The recommend scores that open a case: a detractor's (0 is a question skipped, and opens nothing). */
export const opensFollowUp = (recommendScore: number): boolean => recommendScore >= 1 && recommendScore <= 6;

/** When a case opened at `openedAt` is due: `hours` later, fractions of an hour included (0.5 is 30 minutes). */
export const followUpDueAt = (openedAt: Date, hours: number): Date =>
  new Date(openedAt.getTime() + Math.round(hours * 60 * 60 * 1000));

export const FOLLOW_UP_NOTE_MAX = 2000;

export const FOLLOW_UP_MESSAGES = {
  status: 'status is open, contacted, resolved or active (open or contacted)',
  assigneeFilter: 'assignee is a staff id, me or none',
  assignee: 'Choose a staff member who works at this site',
  assignSelf: 'A manager may assign a case only to themself',
  unassignOthers: 'A manager may unassign only themself',
  note: `Write a note of at most ${FOLLOW_UP_NOTE_MAX} characters`,
  rootCause: 'Choose a root cause',
  resolutionNote: `Say what was done (at most ${FOLLOW_UP_NOTE_MAX} characters)`,
  notFound: 'There is no such follow-up case.',
  closed: 'This case is resolved: it can no longer be assigned, contacted or resolved.',
} as const;

const staffId = (message: string) => v.pipe(v.string(message), v.uuid(message));

/** A person's free text: trimmed, 1–2000 characters, nothing a person could not have typed. */
const note = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(FOLLOW_UP_NOTE_MAX, message),
    plainText(UNSUPPORTED_CHARACTERS),
  );

/** The inbox's order: the caller's own cases first, overdue first within them (a rank), then the oldest opened, ties by id. */
export const INBOX_KEY = ['rank', 'time', 'id'] as const satisfies readonly KeyPart[];

/**
 * `/api/admin/follow-ups`: overdue cases first, then the oldest opened. `assignee`: a staff member's id, `me` (the
 * caller's own) or `none` (nobody's yet).
 */
export const followUpQuerySchema = v.object({
  ...keysetQuery(INBOX_KEY).entries,
  site: v.optional(siteId),
  ...includeDemoFilter,
  /** `active`: the cases that need someone, open or contacted (the console's inbox opens on them). */
  status: v.optional(v.picklist([...FOLLOW_UP_STATUSES, 'active'], FOLLOW_UP_MESSAGES.status)),
  assignee: v.optional(
    v.union(
      [v.literal('me'), v.literal('none'), staffId(FOLLOW_UP_MESSAGES.assigneeFilter)],
      FOLLOW_UP_MESSAGES.assigneeFilter,
    ),
  ),
});
export type FollowUpQuery = v.InferOutput<typeof followUpQuerySchema>;

/**
 * A body whose missing fields are refused with the same message as a wrong one (valibot's own is "Invalid key: …").
 * Anything but an object is refused as a whole.
 */
const body = <TEntries extends v.ObjectEntries>(entries: TEntries, messages: Record<keyof TEntries, string>) =>
  v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    return typeof key === 'string' && key in messages ? messages[key]! : 'Send the fields as a JSON object';
  });

/** Assign a case to a staff member of its site, or to nobody (`null`). */
export const followUpAssignSchema = body(
  { assigneeId: v.nullable(staffId(FOLLOW_UP_MESSAGES.assignee)) },
  { assigneeId: FOLLOW_UP_MESSAGES.assignee },
);
export type FollowUpAssign = v.InferOutput<typeof followUpAssignSchema>;

/** The member was reached; a note of how, optionally. */
export const followUpContactSchema = v.object({ note: v.optional(note(FOLLOW_UP_MESSAGES.note)) });
export type FollowUpContact = v.InferOutput<typeof followUpContactSchema>;

export const followUpNoteSchema = body({ text: note(FOLLOW_UP_MESSAGES.note) }, { text: FOLLOW_UP_MESSAGES.note });
export type FollowUpNote = v.InferOutput<typeof followUpNoteSchema>;

/** Closing a case: why the member was unhappy, and what was done. */
export const followUpResolveSchema = body(
  {
    rootCause: v.picklist(ROOT_CAUSES, FOLLOW_UP_MESSAGES.rootCause),
    note: note(FOLLOW_UP_MESSAGES.resolutionNote),
  },
  { rootCause: FOLLOW_UP_MESSAGES.rootCause, note: FOLLOW_UP_MESSAGES.resolutionNote },
);
export type FollowUpResolve = v.InferOutput<typeof followUpResolveSchema>;

const personSchema = v.object({ id: v.string(), name: v.string(), email: v.string() });

/** A row of the inbox: enough to choose which case to open, and no contact detail of the member. */
export const followUpSummarySchema = v.object({
  id: v.string(),
  status: v.picklist(FOLLOW_UP_STATUSES),
  siteId: v.string(),
  memberId: v.string(),
  memberName: v.string(),
  surveyId: described(v.nullable(v.string()), 'The survey that opened it; null: a text the member sent us did.'),
  recommendScore: described(v.nullable(v.number()), "The survey's recommend score, 1–6; null without a survey."),
  openedAt: timestamp('When the survey (or the text) opened the case.'),
  dueAt: timestamp('When the member should have been contacted by (FOLLOW_UP_HOURS after it opened).'),
  overdue: described(v.boolean(), 'Still open past its due time (a contacted case is in hand, whatever the time).'),
  assignee: described(v.nullable(personSchema), 'The staff member who owns the case; null: nobody yet.'),
  contactedAt: timestampOrNull('When the member was first contacted.'),
  resolvedAt: timestampOrNull('When the case was resolved.'),
});
export type FollowUpSummary = v.InferOutput<typeof followUpSummarySchema>;

export const followUpPageSchema = pageOf(followUpSummarySchema);

/** The navigation's count: cases waiting for a first contact, and those of them past their due time. */
export const followUpCountSchema = v.object({ open: v.number(), overdue: v.number() });
export type FollowUpCount = v.InferOutput<typeof followUpCountSchema>;

export const timelineEntrySchema = v.object({
  at: v.string(),
  /** The staff member who acted; null for the system (the case opening, an escalation) or the command line. */
  actorId: v.nullable(v.string()),
  actorName: v.nullable(v.string()),
  kind: v.picklist(TIMELINE_KINDS),
  text: v.string(),
  /** A `text_received` entry's message, the member's words; null once retention deleted it, and on other entries. */
  message: v.nullable(v.object({ id: v.string(), body: v.string(), receivedAt: v.string() })),
});
export type TimelineEntry = v.InferOutput<typeof timelineEntrySchema>;

/** A case's page: the survey's answers, how to reach the member, what was done, and how it ended. */
export const followUpDetailSchema = v.object({
  ...followUpSummarySchema.entries,
  rootCause: v.nullable(v.picklist(ROOT_CAUSES)),
  resolutionNote: v.nullable(v.string()),
  /** The survey that opened the case; null when a text did (the timeline holds the text). */
  survey: v.nullable(v.object({ createdAt: v.string(), scores: surveyScoresSchema, comments: v.string() })),
  member: v.object({
    name: v.string(),
    mobileNumber: customerViewSchema.entries.mobileNumber,
    email: v.string(),
    address: customerViewSchema.entries.address,
  }),
  /** Oldest first. */
  timeline: v.array(timelineEntrySchema),
});
export type FollowUpDetail = v.InferOutput<typeof followUpDetailSchema>;
