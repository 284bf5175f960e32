import { Hono } from 'hono';
import { surveyAnswerSchema } from '../../../src/domain/api-answers';
import { surveySchema } from '../../../src/domain/survey';
import type { Db } from '../../db/client';
import { clientLimitKey } from '../../lib/client-address';
import { idempotentRequest, writeOnce } from '../../lib/idempotency';
import type { Throttles } from '../../limits/throttles';
import { jsonBody, validJson } from '../../lib/request-input';
import { describe, JSON_BODY_REFUSALS } from '../../lib/route-description';
import { findSurvey } from '../../surveys/find-survey';
import { recordSurvey } from '../../surveys/record-survey';

/** `POST /api/surveys`: one feedback survey for an existing customer. */
export function surveyRoutes(deps: { db: Db; throttles: Throttles; trustProxyHops: number }): Hono {
  const app = new Hono();

  app.post(
    '/',
    describe({
      summary: "Store a customer's feedback survey",
      answers: { 201: { description: 'The stored survey.', body: surveyAnswerSchema } },
      refusals: [...JSON_BODY_REFUSALS, 'unauthorized', 'unknown_customer', 'idempotency_key_reused', 'rate_limited'],
      access: 'apiKey',
    }),
    jsonBody,
    validJson(surveySchema),
    async (c) => {
      const submission = c.req.valid('json');

      const answer = await writeOnce(
        deps.db,
        idempotentRequest(c, 'POST /api/surveys', await c.req.text()),
        // Counted only when a survey is written: a retry that replays the first answer costs nothing.
        async (tx) => {
          await deps.throttles.surveysByClient.take(c, clientLimitKey(c, deps.trustProxyHops));
          const survey = await recordSurvey(tx, submission, {
            beforeInsert: (customerId) => deps.throttles.surveysByCustomer.take(c, customerId),
          });
          return { status: 201, resourceId: survey.id, body: survey };
        },
        findSurvey,
      );
      if (answer.replayed) c.header('Idempotent-Replayed', 'true');
      return c.json(answer.body, answer.status);
    },
  );

  return app;
}
