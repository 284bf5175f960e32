import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { CUSTOMER_LABELS, TOO_LONG_MESSAGE } from '../domain/customer';
import { issueFor } from '../domain/field-issue-codes';

/**
 * The profile's field labels, shared by the form and the messages that name a field: their English is the domain's
 * (src/domain/customer.ts), each text the id of its translation in the catalogue.
 */
export const FIELD_LABELS = CUSTOMER_LABELS;

export type LabelledField = keyof typeof FIELD_LABELS;

const isLabelled = (field: string): field is LabelledField => field in FIELD_LABELS;

/**
 * A field's message in the language shown. Messages come from the shared schema, on the client or in the server's
 * answer, always in English, and each is its own id in the catalogue. One the schema does not give is English the
 * customer would not read: they get a plain "check this field" instead.
 */
export function fieldErrorText(field: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const issue = issueFor(message);
  if (!issue) return i18n.locale === 'en' ? message : t`Check this field`;
  if (issue.code !== 'tooLong') return i18n._(message);
  const label = isLabelled(field) ? i18n._(FIELD_LABELS[field]) : field;
  return i18n._(TOO_LONG_MESSAGE, { label, max: issue.max ?? 0 });
}
