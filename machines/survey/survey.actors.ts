import { fromPromise } from 'xstate';
import type { ApiErrorBody } from '../../src/domain/api-error-body';
import type { InvitationLookup, InvitationRefusal } from '../../src/domain/invitations';
import { isLanguage, type Language } from '../../src/domain/language';
import { isEmptySurvey, reviewInvitationOf, type ReviewInvitation } from '../../src/domain/survey';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type {
  InvitationAnswerOutcome,
  InvitationAnswerRequest,
  InvitationLookupOutcome,
  InvitationLookupRequest,
  SurveyRequest,
} from './survey.types';

/** POST /surveys with the survey as its body and the key as its Idempotency-Key, answering with any status. */
type SurveyHttp = (request: SurveyRequest) => Promise<HttpResponse>;

/**
 * Any answer but a success is a failure, which the chart only logs (docs/spec.md §4). A success may carry a review
 * invitation (docs/spec.md §7); an answer without one, or one the flow cannot read, invites to nothing, and so does
 * any answer to an empty survey, which is no response (decision 038).
 */
export const submitSurveyActor = (submit: SurveyHttp) =>
  fromPromise<ReviewInvitation | null, SurveyRequest>(async ({ input }) => {
    const response = await submit(input);
    if (!isSuccess(response.status)) throw new UnexpectedStatusError(response.status);
    return isEmptySurvey(input.survey) ? null : reviewInvitationOf(await bodyOf(response));
  });

/** GET /survey-invitations/{code}, answering with any status. */
type InvitationLookupHttp = (code: string, signal: AbortSignal) => Promise<HttpResponse>;

/** POST /survey-invitations/{code}/survey with the answer and its Idempotency-Key, answering with any status. */
type InvitationAnswerHttp = (request: InvitationAnswerRequest) => Promise<HttpResponse>;

/**
 * A 410's reason (decision 053): answered already or past its days; a gone link whose body says neither is past.
 * With it, the member's language when the body names one.
 */
async function goneOf(response: HttpResponse): Promise<{ reason: InvitationRefusal; language?: Language }> {
  const error = ((await bodyOf(response)) as Partial<ApiErrorBody> | null)?.error;
  const code = error?.code as string | undefined;
  const reason = code === 'invitation_used' ? 'invitation_used' : 'invitation_expired';
  return isLanguage(error?.language) ? { reason, language: error.language } : { reason };
}

async function goneReasonOf(response: HttpResponse): Promise<InvitationRefusal> {
  return (await goneOf(response)).reason;
}

/** The lookup's answer as invitationLookupSchema reads it, or null when it is not one (a proxy's page, a new shape). */
function invitationOf(body: unknown): InvitationLookup | null {
  const { language, siteName } = (body ?? {}) as Partial<Record<keyof InvitationLookup, unknown>>;
  return isLanguage(language) && typeof siteName === 'string' ? { language, siteName } : null;
}

/**
 * The invitation's lookup (decision 053). Unknown (404, or any 4xx but 408, 410 and 429, as decision 005 reads a
 * code's refusal) and gone (410) are expected answers; anything else the flow cannot use rejects, and the page offers
 * to try again. A found invitation resolves once `showLanguage` has put the page in the member's language, so the
 * survey never shows in another first; a language that cannot be loaded is a lookup to try again. A lookup aborted
 * because its chart stopped answers nothing, as the profile's does (React's StrictMode starts the chart again).
 */
export const lookUpInvitationActor = (
  lookup: InvitationLookupHttp,
  showLanguage: (invitation: Pick<InvitationLookup, 'language'>) => Promise<void>,
) =>
  fromPromise<InvitationLookupOutcome, InvitationLookupRequest>(async ({ input, signal }) => {
    // An empty `invite=` (a link cut short) names no invitation: nothing to ask.
    if (input.code === '') return { kind: 'refused', reason: 'not_found' };
    const response = await lookup(input.code, signal).catch((error: unknown) => {
      if (signal.aborted) return new Promise<never>(() => {});
      throw error;
    });
    if (isSuccess(response.status)) {
      const invitation = invitationOf(await bodyOf(response));
      if (!invitation) throw new UnexpectedStatusError(response.status);
      await showLanguage(invitation);
      return { kind: 'found', invitation };
    }
    if (response.status === 410) {
      // Why the link answers nothing is said in the member's language too, when the server names it.
      const gone = await goneOf(response);
      if (gone.language) await showLanguage({ language: gone.language });
      return { kind: 'refused', reason: gone.reason };
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
      return { kind: 'refused', reason: 'not_found' };
    }
    throw new UnexpectedStatusError(response.status);
  });

/**
 * The answer to an invitation: stored as the spec's survey is (its review invitation read the same way), or refused
 * when the link was answered, expired (410) or vanished (404) since it was opened. Any other answer is a failure the
 * chart only logs, as the spec's survey's (docs/spec.md §4).
 */
export const submitInvitationAnswerActor = (submit: InvitationAnswerHttp) =>
  fromPromise<InvitationAnswerOutcome, InvitationAnswerRequest>(async ({ input }) => {
    const response = await submit(input);
    if (response.status === 410) return { kind: 'refused', reason: await goneReasonOf(response) };
    if (response.status === 404) return { kind: 'refused', reason: 'not_found' };
    if (!isSuccess(response.status)) throw new UnexpectedStatusError(response.status);
    return { kind: 'stored', review: isEmptySurvey(input.answer) ? null : reviewInvitationOf(await bodyOf(response)) };
  });
