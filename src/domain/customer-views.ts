import * as v from 'valibot';
import type { Customer } from './customer';
import { described, timestamp, timestampOrNull } from './described';
import { localIsoTime } from './time-zone';

/**
 * The customer, their vehicle and their consent evidence as every reader gets them: the `registration.completed`
 * webhook, the member's page, the members CSV and the member data export (decision 021). One shape and one set of
 * names each, the webhook's (a public contract), made by one function from the stored columns.
 */

export const customerViewSchema = v.object({
  id: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  mobileNumber: described(v.string(), 'E.164.'),
  address: v.object({
    line1: v.string(),
    line2: v.string(),
    city: v.string(),
    region: described(v.string(), 'The US state code.'),
    postalCode: v.string(),
  }),
});
export type CustomerView = v.InferOutput<typeof customerViewSchema>;

type CustomerColumns = Pick<
  Customer,
  'id' | 'firstName' | 'lastName' | 'email' | 'address' | 'address2' | 'city' | 'region' | 'postalCode'
> & { mobileNumber: string };

export const customerView = (customer: CustomerColumns): CustomerView => ({
  id: customer.id,
  firstName: customer.firstName,
  lastName: customer.lastName,
  email: customer.email,
  mobileNumber: customer.mobileNumber,
  address: {
    line1: customer.address,
    line2: customer.address2,
    city: customer.city,
    region: customer.region,
    postalCode: customer.postalCode,
  },
});

export const vehicleViewSchema = v.object({
  year: v.number(),
  make: v.string(),
  model: v.string(),
  color: v.string(),
  licensePlate: described(v.string(), "Upper case, no spaces or dashes; '' when the customer gave none."),
  licensePlateState: described(v.string(), "The plate's US state code; '' when no plate was given."),
});
export type VehicleView = v.InferOutput<typeof vehicleViewSchema>;

type VehicleColumns = Pick<
  Customer,
  'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor' | 'licensePlate' | 'licensePlateState'
>;

export const vehicleView = (customer: VehicleColumns): VehicleView => ({
  year: customer.vehicleYear,
  make: customer.vehicleMake,
  model: customer.vehicleModel,
  color: customer.vehicleColor,
  licensePlate: customer.licensePlate,
  licensePlateState: customer.licensePlateState,
});

const consentGiven = (text: string) =>
  described(v.object({ agreed: v.boolean(), at: timestampOrNull('When it was given; null when it was not.') }), text);

export const consentViewSchema = v.object({
  version: described(v.string(), 'The version of the consent wording the customer was shown.'),
  language: described(v.string(), 'The language the wording was shown in: `en` or `es`.'),
  terms: described(
    v.object({ agreed: v.boolean(), at: timestamp('When the terms were agreed.') }),
    'The terms and conditions.',
  ),
  newsletters: consentGiven('Newsletters by email.'),
  smsMessaging: consentGiven('Text messages.'),
});
export type ConsentView = v.InferOutput<typeof consentViewSchema>;

/** The stored evidence: the wording's version and language, and when each consent was given. */
interface ConsentColumns extends Pick<
  Customer,
  'isAgreedToTerms' | 'isSubscribedToNewsletters' | 'isSubscribedToSmsMessaging'
> {
  consentVersion: string;
  consentLanguage: string;
  termsAgreedAt: Date;
  newsletterConsentAt: Date | null;
  smsConsentAt: Date | null;
}

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

export const consentView = (customer: ConsentColumns): ConsentView => ({
  version: customer.consentVersion,
  language: customer.consentLanguage,
  terms: { agreed: customer.isAgreedToTerms, at: customer.termsAgreedAt.toISOString() },
  newsletters: { agreed: customer.isSubscribedToNewsletters, at: isoOrNull(customer.newsletterConsentAt) },
  smsMessaging: { agreed: customer.isSubscribedToSmsMessaging, at: isoOrNull(customer.smsConsentAt) },
});

const reportedOrNull = (text: string) => described(v.nullable(v.string()), text);

/**
 * Where the profile and its consents were given (decision 032): shown on the member's page and in their data export,
 * never in a webhook or a CSV (the client's address and user agent stay with the operator's own records).
 */
export const consentEvidenceViewSchema = v.object({
  givenAt: timestamp('When the profile was submitted: its terms and any consent on it were given then.'),
  timeZone: reportedOrNull(
    'The IANA time zone the device reported; null when it reported none, or the profile predates the evidence.',
  ),
  localTime: reportedOrNull("`givenAt` on the device's clock, with its zone's offset: `2026-11-25T10:03:12-05:00`."),
  clientAddress: reportedOrNull('The client address the server saw (behind the `TRUST_PROXY` hops).'),
  userAgent: reportedOrNull("The browser's user agent (at most 512 characters)."),
  page: reportedOrNull('The path of the page the form was on, never its query string (which holds the code).'),
});
export type ConsentEvidenceView = v.InferOutput<typeof consentEvidenceViewSchema>;

interface ConsentEvidenceColumns {
  termsAgreedAt: Date;
  consentTimeZone: string | null;
  consentClientAddress: string | null;
  consentUserAgent: string | null;
  consentPage: string | null;
}

export const consentEvidenceView = (customer: ConsentEvidenceColumns): ConsentEvidenceView => ({
  givenAt: customer.termsAgreedAt.toISOString(),
  timeZone: customer.consentTimeZone,
  localTime: customer.consentTimeZone ? localIsoTime(customer.termsAgreedAt, customer.consentTimeZone) : null,
  clientAddress: customer.consentClientAddress,
  userAgent: customer.consentUserAgent,
  page: customer.consentPage,
});
