import { Hono } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { pageQuerySchema, recordId } from '../../../src/domain/paging';
import { storedSurveySchema, surveyPageSchema, surveySchema } from '../../../src/domain/survey';
import { allow, visibleSites, type AdminEnv } from '../../platform/access/principal';
import { productKey } from '../../platform/access/product-key';
import { NO_SUCH_CUSTOMER } from '../customers/find-customer';
import type { Db } from '../../platform/db/client';
import { clientLimitKey } from '../../platform/http/client-address';
import { idempotentRequest, writeOnce } from '../../platform/http/idempotency';
import type { Throttles } from '../../platform/limits/throttles';
import { ApiError } from '../../platform/http/api-error';
import { jsonBody, validJson } from '../../platform/http/request-input';
import { declareList } from '../../platform/lists/declare-list';
import { describe, JSON_BODY_REFUSALS } from '../../platform/http/route-description';
import { findSurvey } from './find-survey';
import { listCustomerSurveys } from './list-customer-surveys';
import { recordSurvey } from './record-survey';
import { noteReviewOpened } from './review-opened';

const NO_SUCH_INVITATION = 'There is no such survey with a review invitation.';

/**
 * Feedback surveys: the customer app stores one for an existing customer (`POST /api/surveys`); the operator reads a
 * customer's, a page at a time (`GET /api/admin/customers/:id/surveys`).
 */
export function surveyRoutes(deps: {
  db: Db;
  throttles: Throttles;
  trustProxyHops: number;
  /** API_KEY: the customer app's, for storing a survey. */
  apiKey: string;
  /** FOLLOW_UP_HOURS: a detractor's survey opens a follow-up case due this long after. */
  followUpHours: number;
}): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.post(
    '/surveys',
    describe({
      summary: "Store a customer's feedback survey",
      answers: {
        201: {
          description: "The stored survey, with the review page of the customer's site (`reviewUrl`, or null).",
          body: storedSurveySchema,
        },
      },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'unknown_customer', 'idempotency_key_reused', 'rate_limited'],
    }),
    productKey(deps.apiKey),
    jsonBody,
    validJson(surveySchema),
    async (c) => {
      const submission = c.req.valid('json');

      const answer = await writeOnce(
        deps.db,
        idempotentRequest(c, 'POST /api/surveys', await c.req.text()),
        // Counted only when a survey is written: a retry that replays the first answer costs nothing.
        async (tx) => {
          const client = clientLimitKey(c, deps.trustProxyHops);
          await deps.throttles.surveysByClient.take(c, client);
          const survey = await recordSurvey(tx, submission, {
            beforeInsert: (customerId) => deps.throttles.surveysByCustomer.take(c, customerId),
            mayOpenManualSignupCase: () => deps.throttles.manualSignupCases.spend(client),
            followUpHours: deps.followUpHours,
          });
          return { status: 201, resourceId: survey.id, body: survey };
        },
        findSurvey,
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body, answer.status);
    },
  );

  app.post(
    '/surveys/:id/review-opened',
    describe({
      summary: 'Count a respondent opening the review page they were invited to',
      answers: { 204: 'Counted (the first time; later ones change nothing).' },
      refusals: ['unauthorized', 'not_found'],
    }),
    productKey(deps.apiKey),
    validator('param', v.object({ id: recordId(NO_SUCH_INVITATION) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_INVITATION);
    }),
    async (c) => {
      if (!(await noteReviewOpened(deps.db, c.req.valid('param').id))) {
        throw new ApiError(404, 'not_found', NO_SUCH_INVITATION);
      }
      return c.body(null, 204);
    },
  );

  /** The operator reads a customer's surveys, oldest first, a page at a time (`?limit=&after=`). */
  declareList(app, deps.db, {
    path: '/admin/customers/:id/surveys',
    summary: "A page of a customer's surveys, oldest first",
    query: pageQuerySchema,
    page: surveyPageSchema,
    door: allow('owner', { key: 'surveys:read' }),
    // An id that is not a UUID names no customer: 404, as an unknown one does, before the query is looked at.
    before: validator('param', v.object({ id: recordId(NO_SUCH_CUSTOMER) }), (result) => {
      if (!result.success) throw new ApiError(404, 'not_found', NO_SUCH_CUSTOMER);
    }),
    refusals: ['not_found'],
    list: (c, query) => listCustomerSurveys(deps.db, c.req.param('id')!, visibleSites(c.get('principal')), query),
  });

  return app;
}
