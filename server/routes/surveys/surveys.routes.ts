import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { surveySchema } from '../../../src/domain/survey';
import { validate } from '../../../src/domain/validation';
import type { Db } from '../../db/client';
import { customers, surveys } from '../../db/schema';
import { ApiError, validationFailed } from '../../lib/api-error';
import { writeOnce } from '../../lib/idempotency';
import { readJson } from '../../lib/read-json';
import { newId } from '../../lib/tokens';
import { toSurvey } from './survey-record';

/** `POST /api/surveys`: one feedback survey for an existing customer. */
export function surveyRoutes(deps: { db: Db }): Hono {
  const app = new Hono();

  app.post('/', async (c) => {
    const { body, text } = await readJson(c);
    const result = validate(surveySchema, body);
    if (!result.ok) throw validationFailed(result.errors);
    const input = result.value;

    const answer = await writeOnce(
      deps.db,
      { scope: 'surveys', key: c.req.header('idempotency-key'), requestText: text },
      async (tx) => {
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, input.customerId));
        if (!customer) throw new ApiError(422, 'unknown_customer', 'No customer has this id.');
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
        return { status: 201, body: toSurvey(row!) };
      },
    );
    if (answer.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(answer.body, answer.status);
  });

  return app;
}
