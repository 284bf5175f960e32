import { and, desc, eq } from 'drizzle-orm';
import { consentEvidenceView, consentView, customerView, vehicleView } from '../../../src/domain/customer-views';
import { npsBand } from '../../../src/domain/dashboard';
import type { MemberDetail, MemberSurvey } from '../../../src/domain/members';
import { SURVEY_QUESTIONS } from '../../../src/domain/survey';
import type { Db, Tx } from '../../platform/db/client';
import { customers, registrations, surveys } from '../../platform/db/schema';
import { findRegistrationSms } from '../integrations/sms/queue-sms';
import { pick } from '../../platform/values/pick';
import { inSites, type SiteScope } from './list-conditions';
import { inboundMessagesOf, smsConsentOf } from './sms-consent-view';
import { isoOrNull } from '../../platform/values/iso-time';
import { memberVisits } from '../visits/member-visits';

export const NO_SUCH_MEMBER = 'There is no such member.';

export const toMemberSurvey = (row: typeof surveys.$inferSelect): MemberSurvey => ({
  id: row.id,
  createdAt: row.createdAt.toISOString(),
  scores: pick(row, SURVEY_QUESTIONS),
  comments: row.comments,
  band: npsBand(row.recommendToOthersScore),
});

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
  const answers = await db
    .select()
    .from(surveys)
    .where(eq(surveys.customerId, c.id))
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
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
      sms: await findRegistrationSms(db, r.id),
    },
    surveys: answers.map(toMemberSurvey),
    smsConsent: await smsConsentOf(db, c),
    inboundMessages: await inboundMessagesOf(db, c.mobileNumber),
    visits: await memberVisits(db, sites, c.mobileNumber),
  };
}
