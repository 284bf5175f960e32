import * as v from 'valibot';
import type { SmsStatus } from './webhooks';
import type { NpsBand } from './dashboard';
import { dayAndSiteFilters } from './list-filters';
import { pageQuerySchema } from './paging';
import type { SurveyQuestion } from './survey';
import { UNSUPPORTED_CHARACTERS } from './validation';

/**
 * A search is one line typed into a box, so no control character belongs in it (tabs and line breaks included:
 * a search box cannot hold them); and PostgreSQL refuses U+0000 in any text it is sent.
 */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const CONSENT_FILTERS = ['sms', 'newsletter', 'none'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

/**
 * `/api/admin/members`: newest first. `q` finds a member by the start of their first name, last name or email,
 * or by the last four digits of their mobile number. `consent`: those who agreed to texts, to emails, or neither.
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
  consent: v.optional(v.picklist(CONSENT_FILTERS, 'consent is sms, newsletter or none')),
});
export type MemberQuery = v.InferOutput<typeof memberQuerySchema>;

export const SCORE_BANDS = ['detractor', 'passive', 'promoter'] as const satisfies readonly NpsBand[];

/** `/api/admin/feedback`: surveys newest first, by the band of their recommend score. */
export const feedbackQuerySchema = v.object({
  ...pageQuerySchema.entries,
  ...dayAndSiteFilters,
  band: v.optional(v.picklist(SCORE_BANDS, 'band is detractor, passive or promoter')),
});
export type FeedbackQuery = v.InferOutput<typeof feedbackQuerySchema>;

/** A row of the members list: enough to recognise someone, and no more (the full record is one click away). */
export interface MemberSummary {
  id: string;
  name: string;
  email: string;
  /** The last four digits only; the full number is on the member's page. */
  mobileLastFour: string;
  siteId: string;
  planName: string;
  joinedAt: string;
  isSubscribedToSmsMessaging: boolean;
  isSubscribedToNewsletters: boolean;
}

export interface MemberSurvey {
  id: string;
  createdAt: string;
  scores: Record<SurveyQuestion, number>;
  comments: string;
  band: NpsBand | null;
}

/** A member's page: profile, vehicle, consent evidence, the registration and the surveys. */
export interface MemberDetail {
  id: string;
  profile: {
    firstName: string;
    lastName: string;
    email: string;
    mobileNumber: string;
    address: string;
    address2: string;
    city: string;
    region: string;
    postalCode: string;
  };
  /** The plate and its state are '' when the member gave none. */
  vehicle: {
    year: number;
    make: string;
    model: string;
    color: string;
    licensePlate: string;
    licensePlateState: string;
  };
  consent: {
    /** The version of the consent wording the member was shown. */
    wordingVersion: string;
    /** The language it was shown in ('en', 'es'). */
    language: string;
    termsAgreedAt: string;
    sms: { agreed: boolean; at: string | null };
    newsletter: { agreed: boolean; at: string | null };
  };
  registration: {
    id: string;
    planName: string;
    amount: number;
    rechargeDate: string;
    siteId: string;
    sourceSystem: string;
    isManual: boolean;
    issuedAt: string;
    openedAt: string | null;
    completedAt: string | null;
    /** The text message that carried the link, when it was sent by text. */
    sms: SmsStatus | null;
  };
  surveys: MemberSurvey[];
}

/** A row of the feedback list; detractors are the rows to read first. */
export interface FeedbackEntry extends MemberSurvey {
  memberId: string;
  memberName: string;
  siteId: string;
}
