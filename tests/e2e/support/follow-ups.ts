import { expect, type APIRequestContext } from '@playwright/test';
import type { Customer } from '../../../src/domain/customer';
import { apiHeaders, completedCode, operatorHeaders } from './api';

export const DETRACTOR_COMMENT = 'A scratch on the door after the wash.';

/**
 * A detractor's follow-up case at `siteId`: a member completes a profile there and rates 3 with a comment (their own
 * browser, which the API stands in for here), and the survey opens the case.
 */
export async function openFollowUpCase(
  request: APIRequestContext,
  siteId: string,
): Promise<{ caseId: string; customer: Customer }> {
  const { customer } = await completedCode(request, { siteId });
  const survey = await request.post('/api/surveys', {
    headers: apiHeaders,
    data: {
      customerId: customer.id,
      recommendToOthersScore: 3,
      washQualityScore: 4,
      cleanlinessScore: 5,
      serviceScore: 6,
      valueScore: 2,
      comments: DETRACTOR_COMMENT,
    },
  });
  expect(survey.status()).toBe(201);
  const listed = await request.get(`/api/admin/follow-ups?site=${encodeURIComponent(siteId)}`, {
    headers: operatorHeaders(),
  });
  expect(listed.status()).toBe(200);
  const { results } = (await listed.json()) as { results: { id: string }[] };
  expect(results).toHaveLength(1);
  return { caseId: results[0]!.id, customer };
}
