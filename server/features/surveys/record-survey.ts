import { eq } from 'drizzle-orm';
import { DEFAULT_FOLLOW_UP_HOURS, opensFollowUp } from '../../../src/domain/follow-ups';
import { isEmptySurvey, SURVEY_QUESTIONS, type StoredSurvey, type SurveySubmission } from '../../../src/domain/survey';
import type { Tx } from '../../platform/db/client';
import { customers, registrations, sites, surveys } from '../../platform/db/schema';
import { ApiError } from '../../platform/http/api-error';
import { pick } from '../../platform/values/pick';
import { newId } from '../../platform/values/tokens';
import { customerExists, NO_SUCH_CUSTOMER } from '../customers/find-customer';
import { openFollowUp } from '../follow-ups/open-follow-up';
import { surveyData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { toStoredSurvey } from './survey-record';

/**
 * The customer's site (the site of the code they completed), its review page if it has one, and whether they signed
 * up without a code.
 */
async function siteOf(
  tx: Tx,
  customerId: string,
): Promise<{ siteId: string; reviewUrl: string | null; isManual: boolean; isDemo: boolean }> {
  const [row] = await tx
    .select({
      siteId: registrations.siteId,
      reviewUrl: sites.reviewUrl,
      isManual: registrations.isManual,
      isDemo: registrations.isDemo,
    })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .leftJoin(sites, eq(sites.id, registrations.siteId))
    .where(eq(customers.id, customerId));
  // The customer exists (checked first), and a customer always has its registration.
  return row!;
}

export interface RecordSurveyOptions {
  /** Runs once the customer is known and before anything is written (the HTTP edge counts its budget there). */
  beforeInsert?: (customerId: string) => Promise<void>;
  /**
   * Asked before a detractor who signed up without a code opens a case: false stores the survey without one (the
   * HTTP edge spends its budget per client there, decision 039). Without it, the case opens.
   */
  mayOpenManualSignupCase?: () => Promise<boolean>;
  /** FOLLOW_UP_HOURS: how long after it opens a detractor's follow-up case is due. */
  followUpHours?: number;
  /** When the follow-up case opens; the survey's own time unless given. */
  now?: Date;
  /**
   * The invitation after a visit this survey answers (decision 053): the survey names it and `survey.submitted`
   * says so, and the answer is about the visit's site: its review page is the one offered, a detractor's case opens
   * there (its managers follow up on their own wash), where an answer at sign-up is about the member's own site.
   */
  invitation?: { id: string; siteId: string };
}

/**
 * Stores one survey for an existing customer, with its `survey.submitted` event; an unknown customer is refused
 * (422). `beforeInsert` runs once the customer is known and before anything is written: the HTTP edge counts its
 * per-customer budget there, so ids that name no one spend nothing and a refusal writes nothing. A detractor's
 * survey (recommend score 1–6) also opens a follow-up case at the member's site, in the same transaction, after the
 * survey is written: whatever refuses the survey leaves no case either. An empty survey (no score, no comment) is
 * stored as sent and is no response (decision 038): no event, no review invitation, and, its recommend score being
 * unanswered, no case.
 */
export async function recordSurvey(
  tx: Tx,
  survey: SurveySubmission,
  options: RecordSurveyOptions = {},
): Promise<StoredSurvey> {
  if (!(await customerExists(tx, survey.customerId))) throw new ApiError(422, 'unknown_customer', NO_SUCH_CUSTOMER);
  await options.beforeInsert?.(survey.customerId);
  const site = await siteOf(tx, survey.customerId);
  if (options.invitation) {
    const [visited] = await tx
      .select({ reviewUrl: sites.reviewUrl })
      .from(sites)
      .where(eq(sites.id, options.invitation.siteId));
    site.siteId = options.invitation.siteId;
    site.reviewUrl = visited?.reviewUrl ?? null;
  }
  const response = !isEmptySurvey(survey);
  const [row] = await tx
    .insert(surveys)
    .values({
      id: newId(),
      customerId: survey.customerId,
      ...pick(survey, SURVEY_QUESTIONS),
      comments: survey.comments,
      reviewUrl: response ? site.reviewUrl : null,
      invitationId: options.invitation?.id ?? null,
    })
    .returning();
  // The demo's records are never sent to a webhook endpoint (decision 049).
  if (response && !site.isDemo) await recordEvent(tx, 'survey.submitted', surveyData(row!));
  if (
    opensFollowUp(row!.recommendToOthersScore) &&
    (!site.isManual || ((await options.mayOpenManualSignupCase?.()) ?? true))
  ) {
    await openFollowUp(tx, {
      survey: row!,
      siteId: site.siteId,
      hours: options.followUpHours ?? DEFAULT_FOLLOW_UP_HOURS,
      openedAt: options.now ?? row!.createdAt,
      demo: site.isDemo,
    });
  }
  return toStoredSurvey(row!);
}
