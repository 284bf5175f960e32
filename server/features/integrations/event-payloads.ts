import { consentView, customerView, vehicleView } from '../../../src/domain/customer-views';
import { SURVEY_FIELDS } from '../../../src/domain/survey';
import type { FollowUpStatus, RootCause } from '../../../src/domain/follow-ups';
import type { SmsKeywordLanguage } from '../../../src/domain/sms-keywords';
import type {
  customers,
  followUpCases,
  registrations,
  surveyInvitations,
  surveys,
  visits,
} from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';
import { isoOrNull } from '../../platform/values/iso-time';

type RegistrationRow = typeof registrations.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
type SurveyRow = typeof surveys.$inferSelect;
type FollowUpRow = typeof followUpCases.$inferSelect;

/** A registration as receivers see it: everything but its code, which exists only in the point-of-sale's answer. */
export const registrationData = (row: RegistrationRow) => ({
  id: row.id,
  mobileNumber: row.mobileNumber,
  planName: row.planName,
  amount: row.amountCents / 100,
  rechargeDate: row.rechargeDate ?? '',
  saleDate: row.saleDate.toISOString(),
  siteId: row.siteId,
  sourceSystem: row.sourceSystem,
  isReturningCustomer: row.isReturningCustomer,
  /** A sign-up the customer started without a code. */
  isManual: row.isManual,
  issuedAt: row.createdAt.toISOString(),
  expiresAt: isoOrNull(row.expiresAt),
  openedAt: isoOrNull(row.openedAt),
  completedAt: isoOrNull(row.completedAt),
  customerId: row.customerId,
});

/** `registration.completed`: the registration, who the customer is, their vehicle and the consent evidence. */
export const completedData = (registration: RegistrationRow, customer: CustomerRow) => ({
  registration: registrationData(registration),
  customer: customerView(customer),
  vehicle: vehicleView(customer),
  consent: consentView(customer),
});

/** `survey.submitted`: the answers, and whose they are; an empty survey sends none (decision 038). */
export const surveyData = (row: SurveyRow) => ({
  survey: { ...pick(row, SURVEY_FIELDS), invitationId: row.invitationId, createdAt: row.createdAt.toISOString() },
});

/**
 * `follow_up.opened` and `follow_up.resolved`: the case by ids and times, never the member's contact details (a
 * receiver knows the member by `memberId`, their customer id).
 */
export const followUpData = (row: FollowUpRow) => ({
  followUp: {
    id: row.id,
    status: row.status as FollowUpStatus,
    siteId: row.siteId,
    surveyId: row.surveyId,
    memberId: row.customerId,
    openedAt: row.openedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    resolvedAt: isoOrNull(row.resolvedAt),
    rootCause: row.rootCause as RootCause | null,
  },
});

/** `member.erased`: the ids receivers know the erased member by (every one they were sent), and when. */
export const erasedData = (
  ids: { customerIds: string[]; registrationIds: string[]; surveyIds: string[] },
  erasedAt: Date,
) => ({
  customerIds: ids.customerIds,
  registrationIds: ids.registrationIds,
  surveyIds: ids.surveyIds,
  erasedAt: erasedAt.toISOString(),
});

/** What an opt-out or opt-in keyword carried, and whose consent it changed. */
export interface SmsKeywordEvidence {
  mobileNumber: string;
  keyword: string;
  language: SmsKeywordLanguage;
  messageSid: string;
  senderNumber: string;
  at: Date;
}

const keywordEvidence = (evidence: SmsKeywordEvidence, memberIds: string[]) => ({
  mobileNumber: evidence.mobileNumber,
  keyword: evidence.keyword,
  language: evidence.language,
  messageSid: evidence.messageSid,
  senderNumber: evidence.senderNumber,
  at: evidence.at.toISOString(),
  memberIds,
});

/** `member.sms_opted_out`: the number and its evidence, and the members whose consent it withdrew (ids only). */
export const smsOptedOutData = (evidence: SmsKeywordEvidence, memberIds: string[]) => ({
  smsOptOut: keywordEvidence(evidence, memberIds),
});

/** `member.sms_opted_in`: the number may be texted again; the members with it, by id. */
export const smsOptedInData = (evidence: SmsKeywordEvidence, memberIds: string[]) => ({
  smsOptIn: keywordEvidence(evidence, memberIds),
});

/**
 * `visit.recorded`: the visit, its number, and the members who had the number when it was recorded (decision 052).
 */
export const visitData = (row: typeof visits.$inferSelect, memberIds: string[]) => ({
  visit: {
    id: row.id,
    siteId: row.siteId,
    externalId: row.externalId,
    visitedAt: row.visitedAt.toISOString(),
    package: row.packageName,
    mobileNumber: row.mobileNumber,
    memberIds,
    recordedAt: row.createdAt.toISOString(),
  },
});

/** `survey.invited`: the invitation whose text just went out, by ids and times (decision 053). */
export const invitedData = (row: typeof surveyInvitations.$inferSelect, sentAt: Date) => ({
  invitation: {
    id: row.id,
    customerId: row.customerId,
    siteId: row.siteId,
    visitId: row.visitId,
    expiresAt: row.expiresAt.toISOString(),
    sentAt: sentAt.toISOString(),
  },
});
