import { and, desc, eq, gt } from 'drizzle-orm';
import { INVITATION_DAYS } from '../../../src/domain/invitations';
import { isLanguage } from '../../../src/domain/language';
import type { Db, Tx } from '../../platform/db/client';
import { customers, sites, surveyInvitations, surveys, visits } from '../../platform/db/schema';
import type { Logger } from '../../platform/logging/logger';
import type { Throttles } from '../../platform/limits/throttles';
import { hashToken, newId } from '../../platform/values/tokens';
import { notDemoRegistration } from '../demo/not-demo';
import { queueTextWithReminder } from '../integrations/sms/queue-sms';
import type { QuietHoursDefaults } from '../integrations/sms/sending-window';
import { isSuppressed } from '../integrations/sms/sms-opt-out';
import { isSurveyResponse } from '../surveys/empty-survey';
import { invitationCodeFor, invitationCodeHash, type InvitationSecret } from './invitation-code';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** How late past its due time a visit may still ask: a visit reported weeks late asks no one (decision 053). */
export const LATE_VISIT_MS = DAY_MS;

export interface InvitationContext {
  db: Db;
  secret: InvitationSecret;
  /** The texting budgets an invitation spends: per number (its hash) and per site as the issuer `site:{id}`. */
  throttles: Pick<Throttles, 'textsByNumber' | 'textsByIssuer'>;
  quietHours: QuietHoursDefaults;
  logger: Logger;
  now?: () => Date;
}

/** Why a visit asked no one: each rule of decision 053 that can say no. */
export type NotAskedReason =
  | 'visit_gone'
  | 'site_not_asking'
  | 'visit_late'
  | 'no_member'
  | 'opted_out'
  | 'invited_recently'
  | 'answered_recently'
  | 'text_budget';

export type InvitationOutcome = { invited: true; invitationId: string } | { invited: false; reason: NotAskedReason };

type Site = typeof sites.$inferSelect;
type Member = { id: string; registrationId: string; consentLanguage: string };

/** The newest completed profile with the number, not the demo's: a number shared by members asks only them. */
async function memberWith(db: Db | Tx, mobileNumber: string): Promise<Member | undefined> {
  const [member] = await db
    .select({
      id: customers.id,
      registrationId: customers.registrationId,
      consentLanguage: customers.consentLanguage,
    })
    .from(customers)
    .where(and(eq(customers.mobileNumber, mobileNumber), notDemoRegistration(customers.registrationId)))
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(1);
  return member;
}

/** Whether the member was invited, or answered a survey with a score or a comment, in the site's last N days. */
async function askedRecently(db: Db | Tx, memberId: string, site: Site, now: Date): Promise<NotAskedReason | null> {
  const since = new Date(now.getTime() - site.askEveryDays * DAY_MS);
  const [invited] = await db
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.customerId, memberId), gt(surveyInvitations.createdAt, since)))
    .limit(1);
  if (invited) return 'invited_recently';
  const [answered] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.customerId, memberId), gt(surveys.createdAt, since), isSurveyResponse))
    .limit(1);
  return answered ? 'answered_recently' : null;
}

/**
 * The invitation, its text and (when the site's reminder is on) its reminder, in one transaction, the member's row
 * locked so that two visits decided at once invite once: the N-day rule is asked again under the lock.
 */
async function invite(
  context: InvitationContext,
  site: Site,
  visitId: string,
  member: Member,
  now: Date,
): Promise<InvitationOutcome> {
  return context.db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, member.id)).for('update');
    const again = await askedRecently(tx, member.id, site, now);
    if (again) return { invited: false, reason: again };
    const id = newId();
    await tx.insert(surveyInvitations).values({
      id,
      tokenHash: invitationCodeHash(invitationCodeFor(context.secret, id)),
      customerId: member.id,
      visitId,
      siteId: site.id,
      language: isLanguage(member.consentLanguage) ? member.consentLanguage : 'en',
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      createdAt: now,
    });
    await queueTextWithReminder(
      tx,
      { registrationId: member.registrationId, kind: 'invitation', invitationId: id },
      { siteId: site.id, now, quietHours: context.quietHours },
      site.inviteReminder ? { kind: 'invitation_reminder', minutes: site.inviteReminderMinutes } : null,
    );
    return { invited: true, invitationId: id };
  });
}

/**
 * Decides, when a visit's delay has passed, whether its member is asked for feedback (decision 053), from the data as
 * it is then: the site still asks; the visit is at most a day past its due time; its number's newest member (not the
 * demo's) exists; the number has not opted out; the member was neither invited nor answered in the site's N days; the
 * budgets allow a text (per number, and per site). Then the invitation is made with its texts; otherwise nothing is,
 * and the reason is logged with the visit's id, never the number.
 */
export async function inviteAfterVisit(context: InvitationContext, visitId: string): Promise<InvitationOutcome> {
  const now = (context.now ?? (() => new Date()))();
  const outcome = await decide(context, visitId, now);
  if (outcome.invited) context.logger.info('invitation_made', { visitId, invitationId: outcome.invitationId });
  else context.logger.info('invitation_not_made', { visitId, reason: outcome.reason });
  return outcome;
}

async function decide(context: InvitationContext, visitId: string, now: Date): Promise<InvitationOutcome> {
  const { db } = context;
  const [found] = await db
    .select({ visit: visits, site: sites })
    .from(visits)
    .leftJoin(sites, eq(sites.id, visits.siteId))
    .where(eq(visits.id, visitId));
  if (!found) return { invited: false, reason: 'visit_gone' };
  const { visit, site } = found;
  if (!site?.askAfterVisit) return { invited: false, reason: 'site_not_asking' };
  const due = visit.visitedAt.getTime() + site.askDelayMinutes * MINUTE_MS;
  if (now.getTime() > due + LATE_VISIT_MS) return { invited: false, reason: 'visit_late' };
  const member = await memberWith(db, visit.mobileNumber);
  if (!member) return { invited: false, reason: 'no_member' };
  if (await isSuppressed(db, visit.mobileNumber)) return { invited: false, reason: 'opted_out' };
  const recently = await askedRecently(db, member.id, site, now);
  if (recently) return { invited: false, reason: recently };
  // The number's hash, as issuing keys it: a throttle's key is never personal data.
  if (!(await context.throttles.textsByNumber.spend(hashToken(visit.mobileNumber)))) {
    return { invited: false, reason: 'text_budget' };
  }
  if (!(await context.throttles.textsByIssuer.spend(`site:${site.id}`))) {
    return { invited: false, reason: 'text_budget' };
  }
  return invite(context, site, visit.id, member, now);
}
