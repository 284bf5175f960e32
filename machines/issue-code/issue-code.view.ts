import type { SnapshotFrom } from 'xstate';
import type { IssueCodeField, IssueCodeForm } from '../../src/domain/issue-code-form';
import type { FieldErrors } from '../../src/domain/validation';
import { issueCodeErrors, type issueCodeMachine } from './issue-code.machine';

export interface IssueCodeView {
  form: IssueCodeForm;
  /** Shown only after the first submit; keyed by field, `mobileNumber` included. */
  errors: Partial<Record<IssueCodeField, string>>;
  isIssuing: boolean;
  /** The link to show, copy, print and encode as a QR code, once issued. */
  issuedUrl: string | null;
  /** The issued registration's id, to follow its text message; null until issued. */
  issuedRegistrationId: string | null;
  /** Whose code it is, once issued: the number (E.164) and the plan it was issued for. */
  issuedFor: { mobileNumber: string; planName: string } | null;
  /** Whether the link was sent by text (the answer carries the message's status). */
  isTexted: boolean;
  /** "Text the link to this number", ticked. */
  textLink: boolean;
  /** The server's refusal, or the connection's failure, to show in an alert; `hint` says what to do next. */
  alert: { message: string; hint: string | null; canRetry: boolean } | null;
}

export const COULD_NOT_REACH = 'Could not reach the server. Nothing was issued; try again.';

export const UNTICKED =
  '“Text the link to this number” is now unticked: issue the code again to show its link and QR code.';

function alertOf(snapshot: SnapshotFrom<typeof issueCodeMachine>): IssueCodeView['alert'] {
  const { refusal, textLink } = snapshot.context;
  if (snapshot.matches({ editing: 'failed' })) return { message: COULD_NOT_REACH, hint: null, canRetry: true };
  if (snapshot.matches({ editing: 'refused' })) return { message: refusal ?? '', hint: null, canRetry: false };
  if (snapshot.matches({ editing: 'optedOut' })) {
    // Ticked again, the box would be refused again: the hint holds only while it is unticked.
    return { message: refusal ?? '', hint: textLink ? null : UNTICKED, canRetry: false };
  }
  return null;
}

export function toIssueCodeView(snapshot: SnapshotFrom<typeof issueCodeMachine>): IssueCodeView {
  const { context } = snapshot;
  const errors: FieldErrors = context.attempted ? issueCodeErrors(context) : {};
  return {
    form: context.form,
    errors,
    isIssuing: snapshot.matches('issuing'),
    issuedUrl: snapshot.matches('issued') ? (context.issued?.url ?? null) : null,
    issuedRegistrationId: snapshot.matches('issued') ? (context.issued?.registration.id ?? null) : null,
    issuedFor:
      snapshot.matches('issued') && context.issued
        ? { mobileNumber: context.issued.registration.mobileNumber, planName: context.issued.registration.planName }
        : null,
    isTexted: snapshot.matches('issued') && !!context.issued?.sms,
    textLink: context.textLink,
    alert: alertOf(snapshot),
  };
}
