import * as v from 'valibot';
import { consentEvidenceViewSchema, consentViewSchema, customerViewSchema, vehicleViewSchema } from './customer-views';
import type { NpsBand } from './dashboard';
import { dayAndSiteFilters } from './list-filters';
import { pageOf, pageQuerySchema } from './paging';
import { sentTextSchema } from './invitations';
import { surveyScoresSchema } from './survey';
import { UNSUPPORTED_CHARACTERS } from './validation';
import { smsStatusSchema } from './webhooks';
import { inboundSmsSchema, smsConsentSchema } from './sms-consent';
import { memberVisitsSchema, noVisitDaysSchema } from './visits';

/**
 * A search is one line typed into a box, so no control character belongs in it (tabs and line breaks included:
 * a search box cannot hold them); and PostgreSQL refuses U+0000 in any text it is sent.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * `sms_opted_out`: the member's number texted an opt-out keyword (STOP, PARAR…) and not START since, so nothing is
 * texted to it (decision 030); the console calls it "Opted out of texts".
 */
export const CONSENT_FILTERS = ['sms', 'newsletter', 'none', 'sms_opted_out'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

export const SCORE_BANDS = ['detractor', 'passive', 'promoter'] as const satisfies readonly NpsBand[];

/**
 * `/api/admin/members`: newest first. `q` finds a member by the start of their first name, last name or email,
 * or by the last four digits of their mobile number. `consent`: those who agreed to texts, to emails, or neither,
 * or those whose number opted out of texts. `noVisitDays`: those the point-of-sale has reported no visit of in that
 * many days. `latestScore`: those whose latest answer to "would you recommend us" falls in that band.
 */
export const memberQuerySchema = v.object({
  ...pageQuerySchema.entries,
  ...dayAndSiteFilters,
  q: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => !CONTROL_CHARACTER.test(text), UNSUPPORTED_CHARACTERS),
      v.trim(),
      v.maxLength(100, 'Search for at most 100 characters'),
    ),
  ),
  consent: v.optional(v.picklist(CONSENT_FILTERS, 'consent is sms, newsletter, none or sms_opted_out')),
  /** Members with no visit (decision 052) at the sites the caller may see in the last N days, never-visited included. */
  noVisitDays: v.optional(noVisitDaysSchema),
  /**
   * The band (`npsBand`: 9–10, 7–8, 1–6) of the member's latest survey that scored "would you recommend us", at
   * sign-up or after a visit (decision 053); a survey that left it unanswered does not count.
   */
  latestScore: v.optional(v.picklist(SCORE_BANDS, 'latestScore is promoter, passive or detractor')),
});
export type MemberQuery = v.InferOutput<typeof memberQuerySchema>;

const nullableString = v.nullable(v.string());

/** A row of the members list: enough to recognise someone, and no more (the full record is one click away). */
export const memberSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  /** The last four digits only; the full number is on the member's page. */
  mobileLastFour: v.string(),
  siteId: v.string(),
  planName: v.string(),
  joinedAt: v.string(),
  isSubscribedToSmsMessaging: v.boolean(),
  isSubscribedToNewsletters: v.boolean(),
  /** Their number texted an opt-out keyword and not START since: nothing is texted to it (decision 030). */
  smsOptedOut: v.boolean(),
});
export type MemberSummary = v.InferOutput<typeof memberSummarySchema>;

export const memberPageSchema = pageOf(memberSummarySchema);

export const memberSurveySchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  scores: surveyScoresSchema,
  comments: v.string(),
  band: v.nullable(v.picklist(SCORE_BANDS)),
});
export type MemberSurvey = v.InferOutput<typeof memberSurveySchema>;

/**
 * A survey on the member's page: where it was asked. At sign-up (the thank-you page) `invitationId` is null; after a
 * visit (decision 053) it names the invitation, the site of its visit, and when the visit was (null once the visit
 * itself has been erased by retention: the invitation keeps its site). A visit at a site the caller may not see has
 * both null (decision 052: a manager reads only their own sites' visits).
 */
export const memberAnswerSchema = v.object({
  ...memberSurveySchema.entries,
  invitationId: nullableString,
  siteId: nullableString,
  visitedAt: nullableString,
});
export type MemberAnswer = v.InferOutput<typeof memberAnswerSchema>;

/** The member's latest score to "would you recommend us" (1–10), its band, and when they gave it. */
export const latestScoreSchema = v.object({
  score: v.number(),
  band: v.picklist(SCORE_BANDS),
  at: v.string(),
});
export type LatestScore = v.InferOutput<typeof latestScoreSchema>;

/**
 * A member's page: who they are, their vehicle and consent evidence (the `registration.completed` webhook's
 * views, src/domain/customer-views.ts), the registration and the surveys.
 */
export const memberDetailSchema = v.object({
  id: v.string(),
  profile: customerViewSchema,
  vehicle: vehicleViewSchema,
  consent: consentViewSchema,
  /** Where the profile was given: the device's zone and page, the client the server saw (decision 032). */
  consentEvidence: consentEvidenceViewSchema,
  registration: v.object({
    id: v.string(),
    planName: v.string(),
    amount: v.number(),
    rechargeDate: v.string(),
    siteId: v.string(),
    sourceSystem: v.string(),
    isManual: v.boolean(),
    issuedAt: v.string(),
    openedAt: nullableString,
    completedAt: nullableString,
    /** The text message that carried the link (its `code` text, not a reminder), when it was sent by text. */
    sms: v.nullable(smsStatusSchema),
  }),
  /** Their surveys, newest first: at sign-up and after visits (decision 053). */
  surveys: v.array(memberAnswerSchema),
  /** Their latest survey that scored "would you recommend us"; null when none has. */
  latestScore: v.nullable(latestScoreSchema),
  /**
   * Every text we sent or will send them, newest first (the latest 50): the code's link and its reminder, and each
   * invitation after a visit and its reminder (decision 053).
   */
  texts: v.array(sentTextSchema),
  /** Their consent to texts with its history, and whether their number opted out (decision 030). */
  smsConsent: smsConsentSchema,
  /** The texts their number sent us, newest first (the latest 50). */
  inboundMessages: v.array(inboundSmsSchema),
  /** Their number's visits, from the point-of-sale (decision 052). */
  visits: memberVisitsSchema,
});
export type MemberDetail = v.InferOutput<typeof memberDetailSchema>;
