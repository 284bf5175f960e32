import * as v from 'valibot';
import { consentViewSchema, customerViewSchema, vehicleViewSchema } from './customer-views';
import { described, timestamp, timestampOrNull } from './described';
import { FOLLOW_UP_STATUSES, ROOT_CAUSES } from './follow-ups';
import { SMS_KEYWORD_LANGUAGES } from './sms-keywords';
import type { SentEventType } from './webhooks';

/**
 * The `data` of each webhook event, version 1, as receivers get it (docs/integrations.md). These describe what the
 * server sends; they are not used to validate anything. server/features/openapi/webhook-schemas.ts checks at compile
 * time that they match server/features/integrations/event-payloads.ts, and publishes them in the API description.
 */

/** A registration, everything but its code (which only the point-of-sale's answer carries). */
export const registrationPayloadSchema = v.object({
  id: v.string(),
  mobileNumber: described(v.string(), 'E.164, such as +12015550143.'),
  planName: v.string(),
  amount: described(v.number(), 'The sale amount, in the currency unit (29.99).'),
  rechargeDate: described(v.string(), "`YYYY-MM-DD`, or '' when the plan has none."),
  saleDate: timestamp('When the membership was sold.'),
  siteId: v.string(),
  sourceSystem: v.string(),
  isReturningCustomer: v.boolean(),
  isManual: described(v.boolean(), 'A sign-up the customer started without a code.'),
  issuedAt: timestamp('When the code was issued.'),
  expiresAt: timestampOrNull('When the code stops working; null when it never does.'),
  openedAt: timestampOrNull('When the link was first opened.'),
  completedAt: timestampOrNull('When the profile was completed.'),
  customerId: v.nullable(v.string()),
});

/** `registration.issued`. */
export const registrationIssuedDataSchema = v.object({ registration: registrationPayloadSchema });

/** `registration.completed`: the registration, who the customer is, their vehicle and the consent evidence. */
export const registrationCompletedDataSchema = v.object({
  registration: registrationPayloadSchema,
  customer: customerViewSchema,
  vehicle: vehicleViewSchema,
  consent: consentViewSchema,
});

const scoreSchema = described(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10)), '1–10; 0 is unanswered.');

/** `survey.submitted`: the answers, and whose they are; an empty survey sends none (decision 038). */
export const surveySubmittedDataSchema = v.object({
  survey: v.object({
    id: v.string(),
    customerId: v.string(),
    recommendToOthersScore: scoreSchema,
    washQualityScore: scoreSchema,
    cleanlinessScore: scoreSchema,
    serviceScore: scoreSchema,
    valueScore: scoreSchema,
    comments: v.string(),
    invitationId: described(
      v.nullable(v.string()),
      'The invitation after a visit it answers (`survey.invited`); null: asked at sign-up.',
    ),
    createdAt: timestamp('When the survey was submitted.'),
  }),
});

/**
 * A follow-up case as receivers see it: ids and times only, never the member's name, number, email or address (a
 * CRM knows the member by `memberId`, the `customer.id` of the earlier events).
 */
export const followUpPayloadSchema = v.object({
  id: v.string(),
  status: v.picklist(FOLLOW_UP_STATUSES),
  siteId: v.string(),
  surveyId: described(
    v.nullable(v.string()),
    'The survey that opened it: `survey.id`; null: a text the member sent us did.',
  ),
  memberId: described(v.string(), 'The member: `customer.id`, `survey.customerId`.'),
  openedAt: timestamp('When the survey opened the case.'),
  dueAt: timestamp('When the member should have been contacted by.'),
  resolvedAt: timestampOrNull('When the case was resolved; null until then.'),
  rootCause: described(v.nullable(v.picklist(ROOT_CAUSES)), 'Why the member was unhappy; null until resolved.'),
});

/** `follow_up.opened`: a detractor's survey opened a case at their site. */
export const followUpOpenedDataSchema = v.object({ followUp: followUpPayloadSchema });

/** `follow_up.resolved`: the case was closed with a root cause. */
export const followUpResolvedDataSchema = v.object({ followUp: followUpPayloadSchema });

const erasedIds = (text: string) => described(v.array(v.string()), text);

/**
 * `member.erased`: a member's data was erased on their request; erase what you hold under these ids. Only ids, never
 * a name, email, number or address. Sent to every enabled endpoint, whatever it subscribed to.
 */
export const memberErasedDataSchema = v.object({
  customerIds: erasedIds('The profiles erased: `customer.id`, `registration.customerId`, `survey.customerId`.'),
  registrationIds: erasedIds('Their registrations: `registration.id`.'),
  surveyIds: erasedIds('Their surveys: `survey.id`.'),
  erasedAt: timestamp('When the data was erased.'),
});

/** The evidence of an opt-out or opt-in: the number, the keyword texted, Twilio's message id, our number, when. */
const smsKeywordEvidenceSchema = v.object({
  mobileNumber: described(v.string(), 'The number that texted the keyword, E.164.'),
  keyword: described(v.string(), 'The keyword, as docs/integrations.md lists it: `STOP`, `PARAR`, `START`…'),
  language: described(v.picklist(SMS_KEYWORD_LANGUAGES), 'The language of the keyword: `en` or `es`.'),
  messageSid: described(v.string(), "Twilio's id of the message that carried it (`SM…`)."),
  senderNumber: described(v.string(), 'Our number (or short code) the keyword was texted to.'),
  at: timestamp('When the keyword was received.'),
  memberIds: described(v.array(v.string()), 'Every member with this number (`customer.id`); empty for none.'),
});

/**
 * `member.sms_opted_out`: a number texted an opt-out keyword. Text nothing to it; the members named had their
 * consent to texts withdrawn. The number and the evidence only, never a name or an email. Sent to every enabled
 * endpoint, whatever it subscribed to.
 */
export const memberSmsOptedOutDataSchema = v.object({ smsOptOut: smsKeywordEvidenceSchema });

/**
 * `member.sms_opted_in`: a number that had opted out texted START (or another opt-in keyword): it may be texted
 * again. Marketing consent is not restored by it: a member's `consent.smsMessaging` stays withdrawn until they agree
 * again. Sent to every enabled endpoint.
 */
export const memberSmsOptedInDataSchema = v.object({ smsOptIn: smsKeywordEvidenceSchema });

/**
 * `visit.recorded`: the point-of-sale reported a visit (decision 052). The number is always there: a visit is a
 * number's, and `memberIds` are the members who had that number when it was recorded (empty for none yet).
 */
export const visitRecordedDataSchema = v.object({
  visit: v.object({
    id: v.string(),
    siteId: v.string(),
    externalId: described(v.string(), "The point-of-sale's own id of the visit."),
    visitedAt: timestamp('When the visit happened.'),
    package: described(v.string(), "The wash package's name; '' when none was sent."),
    mobileNumber: described(v.string(), 'E.164, such as +12015550143.'),
    memberIds: described(
      v.array(v.string()),
      'The members with this number when the visit was recorded (`customer.id`); empty for none yet.',
    ),
    recordedAt: timestamp('When the visit was recorded.'),
  }),
});

/**
 * `survey.invited`: a member was texted an invitation to give feedback after a visit (decision 053), when the text
 * went out. Ids and times only; `survey.submitted` names the invitation it answers.
 */
export const surveyInvitedDataSchema = v.object({
  invitation: v.object({
    id: v.string(),
    customerId: described(v.string(), 'The member asked (`customer.id`).'),
    siteId: v.string(),
    visitId: described(v.nullable(v.string()), 'The visit it follows; null once that visit is no longer kept.'),
    expiresAt: timestamp('When its link stops working.'),
    sentAt: timestamp('When its text went out.'),
  }),
});

/** Each event type's `data`. */
export const WEBHOOK_DATA_SCHEMAS = {
  'registration.issued': registrationIssuedDataSchema,
  'registration.completed': registrationCompletedDataSchema,
  'survey.submitted': surveySubmittedDataSchema,
  'follow_up.opened': followUpOpenedDataSchema,
  'follow_up.resolved': followUpResolvedDataSchema,
  'visit.recorded': visitRecordedDataSchema,
  'survey.invited': surveyInvitedDataSchema,
  'member.erased': memberErasedDataSchema,
  'member.sms_opted_out': memberSmsOptedOutDataSchema,
  'member.sms_opted_in': memberSmsOptedInDataSchema,
} as const satisfies Record<SentEventType, v.GenericSchema>;

/** The body of a delivery: `{ type, timestamp, version: 1, data }` (Standard Webhooks' envelope, with a version). */
export const webhookEnvelopeSchema = <TType extends SentEventType, TData extends v.GenericSchema>(
  type: TType,
  data: TData,
) =>
  v.object({
    type: v.literal(type),
    timestamp: timestamp('When the event happened.'),
    version: described(v.literal(1), 'The shape of `data`: fields are only added within a version.'),
    data,
  });
