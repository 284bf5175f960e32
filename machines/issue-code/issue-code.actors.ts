import { fromPromise } from 'xstate';
import type { ApiErrorBody } from '../../src/domain/api-error-body';
import type { IssueCodeField } from '../../src/domain/issue-code-form';
import type { IssuedRegistration } from '../../src/domain/registration';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type { IssueOutcome, IssueRequest } from './issue-code.types';

const FIELDS: readonly IssueCodeField[] = ['mobileNumber', 'planName', 'amount', 'rechargeDate', 'siteId'];

const SESSION_ENDED = 'Your session has ended. Sign in again to issue codes.';

/** A 4xx is the server's considered answer; 408, 429, 5xx and no answer are worth trying again. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** POST /api/admin/registration-tokens with the form as its body, answering with any status. */
type IssueHttp = (request: IssueRequest) => Promise<HttpResponse>;

/**
 * Issuing a code: field messages go back to the form; a number that opted out of texts is an outcome of its own (the
 * chart unticks the box); other refusals are said as the server says them.
 */
export const issueCodeActor = (issue: IssueHttp) =>
  fromPromise<IssueOutcome, IssueRequest>(async ({ input }) => {
    const response = await issue(input);
    if (isSuccess(response.status)) return { kind: 'issued', issued: (await response.json()) as IssuedRegistration };
    if (!isRefusal(response.status)) throw new UnexpectedStatusError(response.status);
    if (response.status === 401) return { kind: 'refused', message: SESSION_ENDED };
    const error = ((await bodyOf(response)) as Partial<ApiErrorBody> | null)?.error;
    const issues = Object.entries(error?.issues ?? {}).filter(
      ([field, message]) => FIELDS.includes(field as IssueCodeField) && typeof message === 'string',
    );
    if (response.status === 400 && issues.length > 0) return { kind: 'invalid', errors: Object.fromEntries(issues) };
    if (response.status === 422 && error?.code === 'sms_opted_out') return { kind: 'optedOut', message: error.message };
    return { kind: 'refused', message: error?.message ?? 'The code could not be issued.' };
  });
