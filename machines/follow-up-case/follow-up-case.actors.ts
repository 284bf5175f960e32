import { fromPromise } from 'xstate';
import type { ApiErrorBody } from '../../src/domain/api-error-body';
import type { FollowUpDetail } from '../../src/domain/follow-ups';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type {
  AssignRequest,
  ContactRequest,
  FollowUpCaseField,
  FollowUpOutcome,
  NoteRequest,
  ResolveRequest,
} from './follow-up-case.types';

const SESSION_ENDED = 'Your session has ended. Sign in again to work on this case.';
const NOT_DONE = 'The case could not be changed.';

/** A 4xx is the server's considered answer; 408, 429, 5xx and no answer are worth trying again. */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * One action's request turned into an outcome. `fields` maps the API's body fields to the form's (a note is `text`
 * in one request and `note` in two others); a 400 about no field on the form is a refusal said as the server says it.
 */
const caseAction = <TRequest>(
  http: (request: TRequest) => Promise<HttpResponse>,
  fields: Record<string, FollowUpCaseField>,
) =>
  fromPromise<FollowUpOutcome, TRequest>(async ({ input }) => {
    const response = await http(input);
    if (isSuccess(response.status)) return { kind: 'updated', detail: (await response.json()) as FollowUpDetail };
    if (!isRefusal(response.status)) throw new UnexpectedStatusError(response.status);
    if (response.status === 401) return { kind: 'refused', message: SESSION_ENDED };
    const error = ((await bodyOf(response)) as Partial<ApiErrorBody> | null)?.error;
    const message = error?.message ?? NOT_DONE;
    if (response.status === 409 && error?.code === 'case_closed') return { kind: 'closed', message };
    const issues = Object.entries(error?.issues ?? {}).flatMap(([field, text]) =>
      fields[field] && typeof text === 'string' ? [[fields[field], text] as const] : [],
    );
    if (response.status === 400 && issues.length > 0) return { kind: 'invalid', errors: Object.fromEntries(issues) };
    return { kind: 'refused', message };
  });

/** POST /api/admin/follow-ups/:id/assign. */
export const assignCaseActor = (http: (request: AssignRequest) => Promise<HttpResponse>) =>
  caseAction(http, { assigneeId: 'assigneeId' });

/** POST /api/admin/follow-ups/:id/contact. */
export const contactCaseActor = (http: (request: ContactRequest) => Promise<HttpResponse>) =>
  caseAction(http, { note: 'contactNote' });

/** POST /api/admin/follow-ups/:id/notes. */
export const addNoteActor = (http: (request: NoteRequest) => Promise<HttpResponse>) =>
  caseAction(http, { text: 'noteText' });

/** POST /api/admin/follow-ups/:id/resolve. */
export const resolveCaseActor = (http: (request: ResolveRequest) => Promise<HttpResponse>) =>
  caseAction(http, { rootCause: 'rootCause', note: 'resolutionNote' });
