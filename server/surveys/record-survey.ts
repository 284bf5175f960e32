import { eq } from 'drizzle-orm';
import { SURVEY_QUESTIONS, type StoredSurvey, type SurveySubmission } from '../../src/domain/survey';
import type { Tx } from '../db/client';
import { customers, registrations, sites, surveys } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { pick } from '../lib/pick';
import { newId } from '../lib/tokens';
import { customerExists, NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { surveyData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { toStoredSurvey } from './survey-record';

/** The review page of the customer's site (the site of the code they completed), if it has one. */
async function reviewUrlOf(tx: Tx, customerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ reviewUrl: sites.reviewUrl })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .innerJoin(sites, eq(sites.id, registrations.siteId))
    .where(eq(customers.id, customerId));
  return row?.reviewUrl ?? null;
}

/**
 * Stores one survey for an existing customer, with its `survey.submitted` event; an unknown customer is refused (422). `beforeInsert` runs once the
 * customer is known and before anything is written: the HTTP edge counts its per-customer budget there, so ids
 * that name no one spend nothing and a refusal writes nothing.
 */
export async function recordSurvey(
  tx: Tx,
  survey: SurveySubmission,
  hooks: { beforeInsert?: (customerId: string) => Promise<void> } = {},
): Promise<StoredSurvey> {
  if (!(await customerExists(tx, survey.customerId))) throw new ApiError(422, 'unknown_customer', NO_SUCH_CUSTOMER);
  await hooks.beforeInsert?.(survey.customerId);
  const [row] = await tx
    .insert(surveys)
    .values({
      id: newId(),
      customerId: survey.customerId,
      ...pick(survey, SURVEY_QUESTIONS),
      comments: survey.comments,
      reviewUrl: await reviewUrlOf(tx, survey.customerId),
    })
    .returning();
  await recordEvent(tx, 'survey.submitted', surveyData(row!));
  return toStoredSurvey(row!);
}
