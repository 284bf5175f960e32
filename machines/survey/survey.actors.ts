import { fromPromise } from 'xstate';
import { isSuccess, UnexpectedStatusError, type HttpResponse } from '../http-response';
import type { SurveyRequest } from './survey.types';

/** POST /surveys with the survey as its body and the key as its Idempotency-Key, answering with any status. */
type SurveyHttp = (request: SurveyRequest) => Promise<HttpResponse>;

/** Any answer but a success is a failure, which the chart only logs (docs/spec.md §4); the body is not read (docs/spec.md §7). */
export const submitSurveyActor = (submit: SurveyHttp) =>
  fromPromise<void, SurveyRequest>(async ({ input }) => {
    const response = await submit(input);
    if (!isSuccess(response.status)) throw new UnexpectedStatusError(response.status);
  });
