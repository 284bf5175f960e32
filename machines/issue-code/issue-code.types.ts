import type { IssueCodeField, IssueCodeForm, IssueCodeRequest } from '../../src/domain/issue-code-form';
import type { IssuedRegistration } from '../../src/domain/registration';
import type { FieldErrors } from '../../src/domain/validation';

export interface IssueCodeContext {
  form: IssueCodeForm;
  /** The number as the phone input reads it: E.164, and whether it is a possible mobile number. */
  phone: { e164: string; isValid: boolean };
  /** Messages the server gave for fields, until the field is edited. */
  serverErrors: FieldErrors;
  /** "Text the link to this number": the request asks the server to text the link too. */
  textLink: boolean;
  /** Set by the first submit: no field shows a message before it. */
  attempted: boolean;
  issued: IssuedRegistration | null;
  /** Why the server refused (a site not the manager's, a session ended, a number that texted STOP). */
  refusal: string | null;
}

export interface IssueCodeInput {
  /** The sites the staff member may issue for; the first is chosen to start with. */
  sites: readonly string[];
  /** Today, YYYY-MM-DD: the renewal date starts a month on. */
  today: string;
}

export type IssueCodeEvent =
  | { type: 'field.changed'; field: keyof IssueCodeForm; value: string }
  | { type: 'phone.changed'; e164: string; isValid: boolean }
  | { type: 'textLink.changed'; checked: boolean }
  | { type: 'user.submit' }
  | { type: 'user.retry' }
  | { type: 'user.issueAnother' };

/** The answers the flow expects come back as data; only failing to reach the server is an error. */
export type IssueOutcome =
  | { kind: 'issued'; issued: IssuedRegistration }
  | { kind: 'invalid'; errors: Partial<Record<IssueCodeField, string>> }
  /** The number texted STOP, so the server texts it nothing (decision 030): issue without the text instead. */
  | { kind: 'optedOut'; message: string }
  | { kind: 'refused'; message: string };

/** The form as the schema checked it, and `send: 'sms'` when the link is to be texted too. */
export type IssueRequest = IssueCodeRequest & { send?: 'sms' };
