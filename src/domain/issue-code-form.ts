import * as v from 'valibot';
import { CUSTOMER_MESSAGES } from './customer';
import { SITE_ID_PATTERN } from './list-filters';
import { plainText, UNSUPPORTED_CHARACTERS } from './validation';

/** The console's "Issue a code" form, as typed: the amount is text until it is checked. */
export interface IssueCodeForm {
  planName: string;
  amount: string;
  /** The plan's renewal date, YYYY-MM-DD (a date input's value). */
  rechargeDate: string;
  siteId: string;
}

export type IssueCodeField = keyof IssueCodeForm | 'mobileNumber';

export const ISSUE_CODE_MESSAGES = {
  mobileNumber: CUSTOMER_MESSAGES.mobileNumber,
  planName: 'Plan name is required',
  amount: 'Enter the amount, such as 29.99',
  rechargeDate: 'Choose the renewal date',
  siteId: 'Choose a site',
} as const;

/**
 * What the form sends to `POST /api/admin/registration-tokens`, checked with messages for a cashier; the server
 * checks it again with the point-of-sale schema (`newRegistrationSchema`), which the output satisfies.
 */
export const issueCodeSchema = v.object({
  mobileNumber: v.pipe(
    v.string(ISSUE_CODE_MESSAGES.mobileNumber),
    v.regex(/^\+[1-9]\d{6,14}$/, ISSUE_CODE_MESSAGES.mobileNumber),
  ),
  planName: v.pipe(
    v.string(ISSUE_CODE_MESSAGES.planName),
    v.trim(),
    v.nonEmpty(ISSUE_CODE_MESSAGES.planName),
    v.maxLength(80, 'Use at most 80 characters'),
    plainText(UNSUPPORTED_CHARACTERS),
  ),
  amount: v.pipe(
    v.string(ISSUE_CODE_MESSAGES.amount),
    v.trim(),
    v.regex(/^\d{1,6}(?:\.\d{1,2})?$/, ISSUE_CODE_MESSAGES.amount),
    v.transform(Number),
  ),
  rechargeDate: v.pipe(v.string(ISSUE_CODE_MESSAGES.rechargeDate), v.isoDate(ISSUE_CODE_MESSAGES.rechargeDate)),
  siteId: v.pipe(v.string(ISSUE_CODE_MESSAGES.siteId), v.trim(), v.regex(SITE_ID_PATTERN, ISSUE_CODE_MESSAGES.siteId)),
});
export type IssueCodeRequest = v.InferOutput<typeof issueCodeSchema>;
