import * as v from 'valibot';
import type { Customer, SavedProfile } from './customer';
import type { DashboardFigures } from './dashboard';
import type { FeedbackEntry, MemberDetail, MemberSummary } from './members';
import type { Page } from './paging';
import type { IssuedRegistration, Registration, RegistrationProgress } from './registration';
import { STAFF_ROLES, type StaffMember } from './staff';
import type { Survey } from './survey';
import type { VehicleCatalogue } from './vehicle-catalogue';
import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type IntegrationSettings,
  type SmsStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooks';

/**
 * The bodies the API answers, as schemas, for the API description (server/routes/openapi). The interfaces next to
 * each record stay the source the code is typed by; the checks at the end of this file fail to compile when a
 * schema and its interface differ, so the description cannot drift from what the server answers.
 */

const nullableString = v.nullable(v.string());
const scores = {
  recommendToOthersScore: v.number(),
  washQualityScore: v.number(),
  cleanlinessScore: v.number(),
  serviceScore: v.number(),
  valueScore: v.number(),
};
const nullableScores = Object.fromEntries(Object.keys(scores).map((key) => [key, v.nullable(v.number())])) as {
  [Key in keyof typeof scores]: v.NullableSchema<v.NumberSchema<undefined>, undefined>;
};
const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({ results: v.array(item), nextCursor: nullableString });

export const healthAnswerSchema = v.object({ status: v.literal('ok') });

export const vehicleCatalogueSchema = v.object({
  results: v.array(v.object({ make: v.string(), models: v.array(v.string()) })),
});

export const savedProfileSchema = v.object({
  firstName: v.string(),
  lastName: v.string(),
  address: v.string(),
  address2: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.string(),
  email: v.string(),
  vehicleYear: v.number(),
  vehicleMake: v.string(),
  vehicleModel: v.string(),
  vehicleColor: v.string(),
  licensePlate: v.pipe(v.string(), v.description("Upper case, no spaces or dashes; '' when not given.")),
  licensePlateState: v.pipe(v.string(), v.description("The plate's US state code; '' when no plate was given.")),
  isSubscribedToNewsletters: v.boolean(),
  isSubscribedToSmsMessaging: v.boolean(),
});

export const customerAnswerSchema = v.object({
  id: v.string(),
  registrationId: v.string(),
  ...savedProfileSchema.entries,
  isAgreedToTerms: v.boolean(),
});

export const registrationAnswerSchema = v.object({
  id: v.string(),
  amount: v.number(),
  isCompleted: v.boolean(),
  mobileNumber: v.pipe(v.string(), v.description('E.164 while open; only the last four digits once completed.')),
  planName: v.string(),
  rechargeDate: v.string(),
  saleDate: v.string(),
  siteId: v.string(),
  sourceSystem: v.string(),
  token: v.string(),
  customerId: nullableString,
  isReturningCustomer: v.boolean(),
  profile: v.optional(savedProfileSchema),
});

export const smsStatusSchema = v.object({
  status: v.picklist(['queued', 'sent', 'failed']),
  errorCode: nullableString,
  attempts: v.number(),
  sentAt: nullableString,
});

export const issuedRegistrationSchema = v.object({
  token: v.string(),
  url: v.string(),
  registration: registrationAnswerSchema,
  sms: v.optional(smsStatusSchema),
});

export const registrationProgressSchema = v.object({
  id: v.string(),
  siteId: v.string(),
  planName: v.string(),
  issuedAt: v.string(),
  openedAt: nullableString,
  completedAt: nullableString,
  customerId: nullableString,
  sms: v.nullable(smsStatusSchema),
});

export const surveyAnswerSchema = v.object({
  id: v.string(),
  customerId: v.string(),
  ...scores,
  comments: v.string(),
  createdAt: v.string(),
});

export const surveyPageSchema = pageOf(surveyAnswerSchema);

export const staffMemberSchema = v.object({
  id: v.string(),
  email: v.string(),
  name: v.string(),
  role: v.picklist(STAFF_ROLES),
  sites: v.array(v.string()),
  disabled: v.boolean(),
  createdAt: v.string(),
});

export const staffListSchema = v.object({ results: v.array(staffMemberSchema) });

export const addedStaffSchema = v.object({
  staff: staffMemberSchema,
  password: v.optional(v.pipe(v.string(), v.description('Only when one was generated: shown this once.'))),
});

const memberSurveyEntries = {
  id: v.string(),
  createdAt: v.string(),
  scores: v.object(scores),
  comments: v.string(),
  band: v.nullable(v.picklist(['detractor', 'passive', 'promoter'])),
};

export const memberPageSchema = pageOf(
  v.object({
    id: v.string(),
    name: v.string(),
    email: v.string(),
    mobileLastFour: v.string(),
    siteId: v.string(),
    planName: v.string(),
    joinedAt: v.string(),
    isSubscribedToSmsMessaging: v.boolean(),
    isSubscribedToNewsletters: v.boolean(),
  }),
);

const consentGiven = v.object({ agreed: v.boolean(), at: nullableString });

export const memberDetailSchema = v.object({
  id: v.string(),
  profile: v.object({
    firstName: v.string(),
    lastName: v.string(),
    email: v.string(),
    mobileNumber: v.string(),
    address: v.string(),
    address2: v.string(),
    city: v.string(),
    region: v.string(),
    postalCode: v.string(),
  }),
  vehicle: v.object({
    year: v.number(),
    make: v.string(),
    model: v.string(),
    color: v.string(),
    licensePlate: v.string(),
    licensePlateState: v.string(),
  }),
  consent: v.object({
    wordingVersion: v.string(),
    language: v.pipe(v.string(), v.description('The language the wording was shown in: en or es.')),
    termsAgreedAt: v.string(),
    sms: consentGiven,
    newsletter: consentGiven,
  }),
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
    sms: v.nullable(smsStatusSchema),
  }),
  surveys: v.array(v.object(memberSurveyEntries)),
});

export const feedbackPageSchema = pageOf(
  v.object({ ...memberSurveyEntries, memberId: v.string(), memberName: v.string(), siteId: v.string() }),
);

const npsCounts = { promoters: v.number(), passives: v.number(), detractors: v.number(), nps: v.nullable(v.number()) };
const nullableNumber = v.nullable(v.number());

export const dashboardFiguresSchema = v.object({
  range: v.object({ from: v.string(), to: v.string() }),
  site: nullableString,
  funnel: v.object({
    issued: v.number(),
    opened: v.number(),
    completed: v.number(),
    completionRate: nullableNumber,
    medianMinutesToComplete: nullableNumber,
  }),
  feedback: v.object({
    ...npsCounts,
    surveys: v.number(),
    responseRate: nullableNumber,
    averages: v.object(nullableScores),
  }),
  weeks: v.array(v.object({ week: v.string(), completed: v.number(), ...npsCounts })),
  sites: v.array(v.object({ siteId: v.string(), completed: v.number(), ...npsCounts })),
});

export const integrationSettingsSchema = v.object({ smsEnabled: v.boolean(), allowPrivateNetworks: v.boolean() });

export const webhookEndpointSchema = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  eventTypes: v.array(v.picklist(WEBHOOK_EVENT_TYPES)),
  enabled: v.boolean(),
  source: v.picklist(['console', 'environment']),
  createdAt: v.string(),
});

export const webhookEndpointListSchema = v.object({ results: v.array(webhookEndpointSchema) });

export const createdWebhookEndpointSchema = v.object({
  ...webhookEndpointSchema.entries,
  secret: v.pipe(v.string(), v.description('The signing secret (`whsec_…`), shown this once.')),
});

export const webhookDeliverySchema = v.object({
  id: v.string(),
  eventId: v.string(),
  eventType: v.string(),
  status: v.picklist(DELIVERY_STATUSES),
  attempts: v.number(),
  lastStatusCode: nullableNumber,
  lastError: nullableString,
  lastAttemptAt: nullableString,
  deliveredAt: nullableString,
  createdAt: v.string(),
});

export const webhookDeliveryListSchema = v.object({ results: v.array(webhookDeliverySchema) });

/** True when A and B are the same type; the checks below only compile while every schema says what the code does. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Answers<TSchema extends v.GenericSchema> = v.InferOutput<TSchema>;

export const ANSWER_SCHEMAS_MATCH: [
  Same<Answers<typeof vehicleCatalogueSchema>, VehicleCatalogue>,
  Same<Answers<typeof savedProfileSchema>, SavedProfile>,
  Same<Answers<typeof customerAnswerSchema>, Customer>,
  Same<Answers<typeof registrationAnswerSchema>, Registration>,
  Same<Answers<typeof smsStatusSchema>, SmsStatus>,
  Same<Answers<typeof issuedRegistrationSchema>, IssuedRegistration>,
  Same<Answers<typeof registrationProgressSchema>, RegistrationProgress>,
  Same<Answers<typeof surveyAnswerSchema>, Survey & { createdAt: string }>,
  Same<Answers<typeof staffMemberSchema>, StaffMember>,
  Same<Answers<typeof memberPageSchema>, Page<MemberSummary>>,
  Same<Answers<typeof memberDetailSchema>, MemberDetail>,
  Same<Answers<typeof feedbackPageSchema>, Page<FeedbackEntry>>,
  Same<Answers<typeof dashboardFiguresSchema>, DashboardFigures>,
  Same<Answers<typeof integrationSettingsSchema>, IntegrationSettings>,
  Same<Answers<typeof webhookEndpointSchema>, WebhookEndpoint>,
  Same<Answers<typeof createdWebhookEndpointSchema>, CreatedWebhookEndpoint>,
  Same<Answers<typeof webhookDeliverySchema>, WebhookDelivery>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
