import * as v from 'valibot';
import { LANGUAGES } from './language';
import { surveySchema } from './survey';
import { smsStatusSchema } from './webhooks';

/**
 * Feedback after visits and reminders (decision 053): a site's settings, the invitation link a member answers, and
 * the texts a member was sent.
 */

/** How long an invitation's link may be answered, from when it is made. */
export const INVITATION_DAYS = 7;

/** A site's feedback settings until an owner changes them (the columns' defaults). */
export const FEEDBACK_DEFAULTS = {
  askAfterVisit: false,
  askDelayMinutes: 120,
  askEveryDays: 30,
  codeReminder: true,
  codeReminderMinutes: 24 * 60,
  inviteReminder: true,
  inviteReminderMinutes: 2 * 24 * 60,
} as const;

/** The names of a site's feedback settings. */
export const FEEDBACK_SETTING_KEYS = Object.keys(FEEDBACK_DEFAULTS) as (keyof typeof FEEDBACK_DEFAULTS)[];

/** The limits of a site's feedback settings: a delay up to a week, an interval up to a year. */
export const FEEDBACK_LIMITS = { maxDelayMinutes: 7 * 24 * 60, maxEveryDays: 365 } as const;

export const FEEDBACK_SETTING_MESSAGES = {
  askDelayMinutes: `Use whole minutes from 0 to ${FEEDBACK_LIMITS.maxDelayMinutes}`,
  askEveryDays: `Use whole days from 1 to ${FEEDBACK_LIMITS.maxEveryDays}`,
  reminderMinutes: `Use whole minutes from 1 to ${FEEDBACK_LIMITS.maxDelayMinutes}`,
} as const;

const wholeNumber = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

/** A site's feedback settings as the sites API shows them (every one has a value: the defaults until changed). */
export const feedbackSettingsSchema = v.object({
  /** Ask a member for feedback after a visit here. Off until an owner turns it on. */
  askAfterVisit: v.boolean(),
  /** Minutes after the visit the invitation is sent (0: at once), within the sending window. Default 120. */
  askDelayMinutes: v.number(),
  /** At most one invitation per member per this many days, and none within this many days of their last answer. */
  askEveryDays: v.number(),
  /** One reminder of a texted code not completed after `codeReminderMinutes`. On by default. */
  codeReminder: v.boolean(),
  codeReminderMinutes: v.number(),
  /** One reminder of an invitation not answered after `inviteReminderMinutes`, while invitations are on. */
  inviteReminder: v.boolean(),
  inviteReminderMinutes: v.number(),
});
export type FeedbackSettings = v.InferOutput<typeof feedbackSettingsSchema>;

/** The entries a new site or a site change may carry, each optional (left out: unchanged, or the default). */
export const feedbackSettingsChangeEntries = {
  askAfterVisit: v.optional(v.boolean()),
  askDelayMinutes: v.optional(
    wholeNumber(0, FEEDBACK_LIMITS.maxDelayMinutes, FEEDBACK_SETTING_MESSAGES.askDelayMinutes),
  ),
  askEveryDays: v.optional(wholeNumber(1, FEEDBACK_LIMITS.maxEveryDays, FEEDBACK_SETTING_MESSAGES.askEveryDays)),
  codeReminder: v.optional(v.boolean()),
  codeReminderMinutes: v.optional(
    wholeNumber(1, FEEDBACK_LIMITS.maxDelayMinutes, FEEDBACK_SETTING_MESSAGES.reminderMinutes),
  ),
  inviteReminder: v.optional(v.boolean()),
  inviteReminderMinutes: v.optional(
    wholeNumber(1, FEEDBACK_LIMITS.maxDelayMinutes, FEEDBACK_SETTING_MESSAGES.reminderMinutes),
  ),
};

/** `GET /api/survey-invitations/{code}`: what the survey page needs to ask in the member's language. */
export const invitationLookupSchema = v.object({
  /** The member's language: the page switches to it. */
  language: v.picklist(LANGUAGES),
  /** The site the visit was at, named in the page's heading line. */
  siteName: v.string(),
});
export type InvitationLookup = v.InferOutput<typeof invitationLookupSchema>;

/** `POST /api/survey-invitations/{code}/survey`: the spec's survey without `customerId` (the invitation says who). */
export const invitationAnswerSchema = v.omit(surveySchema, ['customerId']);
export type InvitationAnswer = v.InferOutput<typeof invitationAnswerSchema>;

/**
 * Why an invitation's link answers nothing: unknown (404 `not_found`), answered already (410 `invitation_used`), past
 * its seven days (410 `invitation_expired`). The survey page shows each in the member's language.
 */
export const INVITATION_REFUSALS = ['not_found', 'invitation_used', 'invitation_expired'] as const;
export type InvitationRefusal = (typeof INVITATION_REFUSALS)[number];

/** The kinds of text we send a member (the `kind` of `sms_messages`). */
export const TEXT_KINDS = ['code', 'code_reminder', 'invitation', 'invitation_reminder'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** A text we sent (or will send) a member, as their page and today's codes list it. */
export const sentTextSchema = v.object({
  ...smsStatusSchema.entries,
  id: v.string(),
  kind: v.picklist(TEXT_KINDS),
  /** When it was asked for (queued). */
  createdAt: v.string(),
  /** The site whose code or visit it is about. */
  siteId: v.string(),
  /** The invitation it carries, for `invitation` and `invitation_reminder`. */
  invitationId: v.nullable(v.string()),
});
export type SentText = v.InferOutput<typeof sentTextSchema>;
