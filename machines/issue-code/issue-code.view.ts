import type { SnapshotFrom } from 'xstate';
import type { IssueCodeField, IssueCodeForm } from '../../src/domain/issue-code';
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
  /** Whether the link was sent by text (the answer carries the message's status). */
  isTexted: boolean;
  /** The server's refusal, or the connection's failure, to show in an alert. */
  alert: { message: string; canRetry: boolean } | null;
}

export const COULD_NOT_REACH = 'Could not reach the server. Nothing was issued; try again.';

export function toIssueCodeView(snapshot: SnapshotFrom<typeof issueCodeMachine>): IssueCodeView {
  const { context } = snapshot;
  const errors: FieldErrors = context.attempted ? issueCodeErrors(context) : {};
  return {
    form: context.form,
    errors,
    isIssuing: snapshot.matches('issuing'),
    issuedUrl: snapshot.matches('issued') ? (context.issued?.url ?? null) : null,
    issuedRegistrationId: snapshot.matches('issued') ? (context.issued?.registration.id ?? null) : null,
    isTexted: snapshot.matches('issued') && !!context.issued?.sms,
    alert: snapshot.matches('refused')
      ? { message: context.refusal ?? '', canRetry: false }
      : snapshot.matches('failed')
        ? { message: COULD_NOT_REACH, canRetry: true }
        : null,
  };
}
