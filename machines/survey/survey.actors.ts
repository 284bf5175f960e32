import { fromPromise } from 'xstate';
import { isEmptySurvey, reviewInvitationOf, type ReviewInvitation } from '../../src/domain/survey';
import { bodyOf, isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type { SurveyRequest } from './survey.types';

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
