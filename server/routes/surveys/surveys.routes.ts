import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { surveySchema } from '../../../src/domain/survey';
import { validate } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { customers, surveys } from '../../db/schema';
import { ApiError, validationFailed } from '../../lib/api-error';
import { clientLimitKey } from '../../lib/client-address';
import { idempotentRequest, writeOnce } from '../../lib/idempotency';
import type { Throttles } from '../../limits/throttles';
import { readJson } from '../../lib/read-json';
import { newId } from '../../lib/tokens';
import { toSurvey } from './survey-record';

/** `POST /api/surveys`: one feedback survey for an existing customer. */
export function surveyRoutes(deps: { db: Db; throttles: Throttles; trustProxyHops: number }): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const { body, text } = await readJson(c);
    const result = validate(surveySchema, body);
    if (!result.ok) throw validationFailed(result.errors);
    const input = result.value;

    const answer = await writeOnce(
      deps.db,
      idempotentRequest(c, 'POST /api/surveys', text),
      // Counted only when a survey is written: a retry that replays the first answer costs nothing.
      async (tx) => {
        await deps.throttles.surveysByClient.take(c, clientLimitKey(c, deps.trustProxyHops));
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, input.customerId));
        if (!customer) throw new ApiError(422, 'unknown_customer', 'No customer has this id.');
        await deps.throttles.surveysByCustomer.take(c, customer.id);
        const [row] = await tx
          .insert(surveys)
          .values({
            id: newId(),
            customerId: input.customerId,
            recommendToOthersScore: input.recommendToOthersScore,
            washQualityScore: input.washQualityScore,
            cleanlinessScore: input.cleanlinessScore,
            serviceScore: input.serviceScore,
            valueScore: input.valueScore,
            comments: input.comments,
          })
          .returning();
        return { status: 201, resourceId: row!.id, body: toSurvey(row!) };
      },
      async (tx, id) => {
        const [row] = await tx.select().from(surveys).where(eq(surveys.id, id));
        return row && toSurvey(row);
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status);
  });

  return app;
}
