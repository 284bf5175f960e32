import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { issueFor, type IssueCode } from '../domain/issue-codes';

/** The profile's field labels, shared by the form and the messages that name a field. */
export const FIELD_LABELS = {
  firstName: msg`First Name`,
  lastName: msg`Last Name`,
  address: msg`Address`,
  address2: msg`Address 2`,
  city: msg`City`,
  region: msg`State`,
  postalCode: msg`Zip Code`,
  email: msg`Email`,
  vehicleYear: msg`Vehicle Year`,
  vehicleMake: msg`Vehicle Make`,
  vehicleModel: msg`Vehicle Model`,
  vehicleColor: msg`Vehicle Color`,
  licensePlate: msg`License Plate`,
  licensePlateState: msg`Plate State`,
} satisfies Record<string, MessageDescriptor>;

export type LabelledField = keyof typeof FIELD_LABELS;

/**
 * docs/spec.md §5's messages, by the code the schema's message has (src/domain/issue-codes.ts), which is also what
 * the server's 400 answer carries. English here is CUSTOMER_MESSAGES word for word (a test holds them together).
 */
export const ISSUE_TEXTS: Record<Exclude<IssueCode, 'tooLong'>, MessageDescriptor> = {
  firstName: msg`First Name is required`,
  lastName: msg`Last Name is required`,
  address: msg`Address is required`,
  city: msg`City is required`,
  region: msg`State is required`,
  postalCode: msg`Zip code is required`,
  postalCodeFormat: msg`Enter a 5-digit Zip code (or ZIP+4)`,
  emailRequired: msg`Email is required`,
  emailInvalid: msg`Invalid Email`,
  vehicleYear: msg`Vehicle Year is required`,
  vehicleYearRange: msg`Choose a Vehicle Year from the list`,
  vehicleMake: msg`Vehicle Make is required`,
  vehicleModel: msg`Vehicle Model is required`,
  vehicleColor: msg`Vehicle Color is required`,
  licensePlate: msg`License Plate is required`,
  licensePlateFormat: msg`Enter 2 to 8 letters and digits`,
  licensePlateState: msg`Plate State is required`,
  isAgreedToTerms: msg`You must agree to the terms and conditions.`,
  registrationId: msg`Registration code is missing`,
  mobileNumber: msg`Enter a valid mobile number`,
  unsupportedCharacters: msg`Remove the unsupported characters`,
};

const isLabelled = (field: string): field is LabelledField => field in FIELD_LABELS;

/**
 * A field's message in the language shown. Messages come from the shared schema, on the client or in the server's
 * answer, always in English; each is translated by its code. One no code knows is English the customer would not
 * read: they get a plain "check this field" instead.
 */
export function fieldErrorText(field: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const issue = issueFor(message);
  if (!issue) return i18n.locale === 'en' ? message : t`Check this field`;
  if (issue.code !== 'tooLong') return i18n._(ISSUE_TEXTS[issue.code]);
  const label = isLabelled(field) ? i18n._(FIELD_LABELS[field]) : field;
  const max = issue.max ?? 0;
  return t`${label} must be at most ${max} characters`;
}
