import { fromPromise } from 'xstate';
import type { ApiErrorBody } from '../../src/domain/api-error-body';
import type { Customer } from '../../src/domain/customer';
import type { Registration } from '../../src/domain/registration';
import type { FieldErrors } from '../../src/domain/validation';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import { isEditableField } from './profile.fields';
import type { LookupRequest, SubmitOutcome, SubmitRequest } from './profile.types';
import type { LookupOutcome } from '../../src/domain/registration-lookup';

/**
 * Decision 005: a 4xx is the server's considered answer about this code; 408 and 429 say "not now", and like a 5xx
 * or no answer at all they are a connection problem, worth trying again.
 */
const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** The server's messages for fields on screen; messages for anything else are none the customer can act on. */
function fieldIssuesOf(body: unknown): FieldErrors {
  const issues = (body as Partial<ApiErrorBody> | null)?.error?.issues;
  if (typeof issues !== 'object' || issues === null) return {};
  return Object.fromEntries(
    Object.entries(issues).filter(([name, message]) => isEditableField(name) && typeof message === 'string'),
  );
}

/** GET /registration-tokens/{token}, answering with any status. */
type LookupHttp = (request: LookupRequest, signal: AbortSignal) => Promise<HttpResponse>;

/** POST /customers with the submission as its body and the key as its Idempotency-Key, answering with any status. */
type SubmitHttp = (request: SubmitRequest) => Promise<HttpResponse>;

/**
 * The lookup: a refused code is an expected outcome; anything the flow cannot use rejects. A lookup aborted because
 * its chart stopped answers nothing: React's StrictMode stops the chart and starts it again, which runs the lookup
 * afresh, and the first one's abort must not arrive there as a connection problem.
 */
export const fetchRegistrationActor = (lookup: LookupHttp) =>
  fromPromise<LookupOutcome, LookupRequest>(async ({ input, signal }) => {
    const response = await lookup(input, signal).catch((error: unknown) => {
      if (signal.aborted) return new Promise<never>(() => {});
      throw error;
    });
    if (isSuccess(response.status)) return { kind: 'found', registration: (await response.json()) as Registration };
    if (isRefusal(response.status)) return { kind: 'refused' };
    throw new UnexpectedStatusError(response.status);
  });

/** The submit: a 400 with messages for fields on screen goes back to the form; any other refusal ends the code. */
export const submitCustomerActor = (submit: SubmitHttp) =>
  fromPromise<SubmitOutcome, SubmitRequest>(async ({ input }) => {
    const response = await submit(input);
    if (isSuccess(response.status)) return { kind: 'created', customer: (await response.json()) as Customer };
    if (!isRefusal(response.status)) throw new UnexpectedStatusError(response.status);
    const errors = response.status === 400 ? fieldIssuesOf(await bodyOf(response)) : {};
    return Object.keys(errors).length > 0 ? { kind: 'invalid', errors } : { kind: 'refused' };
  });
