import { and, desc, eq } from 'drizzle-orm';
import { consentEvidenceView, consentView, customerView, vehicleView } from '../../../src/domain/customer-views';
import { npsBand } from '../../../src/domain/dashboard';
import type { LatestScore, MemberAnswer, MemberDetail, MemberSurvey } from '../../../src/domain/members';
import { SURVEY_QUESTIONS } from '../../../src/domain/survey';
import type { Db, Tx } from '../../platform/db/client';
import { customers, registrations, surveyInvitations, surveys, visits } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';
import { inSites, type SiteScope } from './list-conditions';
import { inboundMessagesOf, smsConsentOf } from './sms-consent-view';
import { isoOrNull } from '../../platform/values/iso-time';
import { memberVisits } from '../visits/member-visits';
import { memberTexts } from './member-texts';
import { latestCodeTexts } from '../integrations/sms/queue-sms';

export const NO_SUCH_MEMBER = 'There is no such member.';

export const toMemberSurvey = (row: typeof surveys.$inferSelect): MemberSurvey => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  scores: pick(row, SURVEY_QUESTIONS),
  comments: row.comments,
  band: npsBand(row.recommendToOthersScore),
});

/**
 * The latest survey that scored "would you recommend us" (surveys come newest first): one that skipped it, or an
 * empty one, says nothing of how the member feels now.
 */
export function latestScoreOf(answers: readonly MemberSurvey[]): LatestScore | null {
  const latest = answers.find((answer) => answer.band !== null);
  return latest ? { score: latest.scores.recommendToOthersScore, band: latest.band!, at: latest.createdAt } : null;
}

/**
 * A member's surveys newest first, each with where it was asked: at sign-up, or after a visit (decision 053). The
 * answers are the member's, whoever reads them; a visit at a site the caller may not see keeps its day and site to
 * itself, as their visits there do (decision 052).
 */
async function memberAnswers(db: Db | Tx, sites: SiteScope, customerId: string): Promise<MemberAnswer[]> {
  const rows = await db
    .select({ survey: surveys, siteId: surveyInvitations.siteId, visitedAt: visits.visitedAt })
    .from(surveys)
    .leftJoin(surveyInvitations, eq(surveyInvitations.id, surveys.invitationId))
    .leftJoin(visits, eq(visits.id, surveyInvitations.visitId))
    .where(eq(surveys.customerId, customerId))
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
  return rows.map(({ survey, siteId, visitedAt }) => {
    const seen = siteId !== null && (sites === 'all' || sites.includes(siteId));
    return {
      ...toMemberSurvey(survey),
      invitationId: survey.invitationId,
      siteId: seen ? siteId : null,
      visitedAt: seen ? isoOrNull(visitedAt) : null,
    };
  });
}

/**
 * A member's page, or null when there is none the caller may see: another site's member is as absent to a manager
 * as one that does not exist, so a guessed id tells them nothing. The member's row stays locked (shared) until the
 * caller's transaction ends, so an erasure waits for the view's audit row and then takes the id out of it too.
 */
export async function findMember(db: Db | Tx, sites: SiteScope, id: string): Promise<MemberDetail | null> {
  const [row] = await db
    .select({ customer: customers, registration: registrations })
    .from(customers)
    .innerJoin(registrations, eq(registrations.id, customers.registrationId))
    .where(and(eq(customers.id, id), inSites(sites)))
    .for('share', { of: customers });
  if (!row) return null;
  const { customer: c, registration: r } = row;
  const answers = await memberAnswers(db, sites, c.id);
  const codeTexts = await latestCodeTexts(db, [r.id]);
  return {
    id: c.id,
    profile: customerView(c),
    vehicle: vehicleView(c),
    consent: consentView(c),
    consentEvidence: consentEvidenceView(c),
    registration: {
      id: r.id,
      planName: r.planName,
      amount: r.amountCents / 100,
      rechargeDate: r.rechargeDate ?? '',
      siteId: r.siteId,
      sourceSystem: r.sourceSystem,
      isManual: r.isManual,
      issuedAt: r.createdAt.toISOString(),
      openedAt: isoOrNull(r.openedAt),
      completedAt: isoOrNull(r.completedAt),
      sms: codeTexts.get(r.id)?.code ?? null,
    },
    surveys: answers,
    latestScore: latestScoreOf(answers),
    texts: await memberTexts(db, sites, { customerId: c.id, registrationId: r.id }),
    smsConsent: await smsConsentOf(db, c),
    inboundMessages: await inboundMessagesOf(db, c.mobileNumber),
    visits: await memberVisits(db, sites, c.mobileNumber),
  };
}
