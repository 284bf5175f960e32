import { SURVEY_QUESTIONS, type SurveySubmission } from '../../src/domain/survey';
import type { Tx } from '../db/client';
import { surveys } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { pick } from '../lib/pick';
import { newId } from '../lib/tokens';
import { customerExists, NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { surveyData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { toSurvey, type SurveyRecord } from './survey-record';

/**
 * Stores one survey for an existing customer, with its `survey.submitted` event; an unknown customer is refused (422). `beforeInsert` runs once the
 * customer is known and before anything is written: the HTTP edge counts its per-customer budget there, so ids
 * that name no one spend nothing and a refusal writes nothing.
 */
export async function recordSurvey(
  tx: Tx,
  survey: SurveySubmission,
  hooks: { beforeInsert?: (customerId: string) => Promise<void> } = {},
): Promise<SurveyRecord> {
  if (!(await customerExists(tx, survey.customerId))) throw new ApiError(422, 'unknown_customer', NO_SUCH_CUSTOMER);
  await hooks.beforeInsert?.(survey.customerId);
  const [row] = await tx
    .insert(surveys)
    .values({
      id: newId(),
      customerId: survey.customerId,
      ...pick(survey, SURVEY_QUESTIONS),
      comments: survey.comments,
    })
    .returning();
  await recordEvent(tx, 'survey.submitted', surveyData(row!));
  return toSurvey(row!);
}
