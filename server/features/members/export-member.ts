import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import { consentEvidenceView, consentView } from '../../../src/domain/customer-views';
import type { Db, Tx } from '../../platform/db/client';
import {
  customers,
  followUpCases,
  followUpEvents,
  outboxEvents,
  registrations,
  smsInboundMessages,
  smsMessages,
  smsSuppressions,
  surveyInvitations,
  surveys,
  visits,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema';
import { eventsAbout } from '../retention/events-about';
import { consentHistoryOf, toConsentEntry } from './sms-consent-view';

/** How an email given on the command line or to the API is compared with the stored ones. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

export const NO_SUCH_MEMBER_EMAIL = 'No member has this email.';

/** The ids of everything stored about the customers with this email; empty `customerIds` when there are none. */
export async function memberIds(db: Db | Tx, email: string) {
  const found = await db
    .select({ id: customers.id, registrationId: customers.registrationId })
    .from(customers)
    // Emails are trimmed when stored; rows from before that rule are matched too. A rare request: a scan is fine.
    .where(sql`lower(trim(${customers.email})) = ${normalEmail(email)}`);
  const customerIds = found.map((row) => row.id);
  const linked = customerIds.length
    ? await db
        .select({ id: registrations.id })
        .from(registrations)
        .where(inArray(registrations.customerId, customerIds))
    : [];
  const registrationIds = [...new Set([...found.map((row) => row.registrationId), ...linked.map((row) => row.id)])];
  return { customerIds, registrationIds };
}

/**
 * Everything held about the customers with this email, for a request under CCPA or GDPR: their profiles with the
 * consent evidence, their registrations, surveys, follow-up cases (with their timelines), their visits (their
 * numbers', decision 052), the invitations to answer after a visit and every text we sent them (its kind, status
 * and times, decision 053), the later changes to their consent to texts, the texts their numbers sent us and their
 * numbers' opt-outs, and the webhook events about them with their bodies parsed and where each went. Never a code:
 * not a registration's or an invitation's hash, not a text's pending link. Answers null when no customer has the
 * email.
 */
export async function exportMember(db: Db, email: string, now = new Date()) {
  const { customerIds, registrationIds } = await memberIds(db, email);
  if (customerIds.length === 0) return null;

  const profiles = await db
    .select()
    .from(customers)
    .where(inArray(customers.id, customerIds))
    .orderBy(customers.createdAt);
  const sales = await db
    .select()
    .from(registrations)
    .where(inArray(registrations.id, registrationIds))
    .orderBy(registrations.createdAt);
  const answers = await db
    .select()
    .from(surveys)
    .where(inArray(surveys.customerId, customerIds))
    .orderBy(surveys.createdAt);
  const cases = await db
    .select()
    .from(followUpCases)
    .where(inArray(followUpCases.customerId, customerIds))
    .orderBy(followUpCases.openedAt);
  const timelines = cases.length
    ? await db
        .select()
        .from(followUpEvents)
        .where(
          inArray(
            followUpEvents.caseId,
            cases.map((row) => row.id),
          ),
        )
        .orderBy(followUpEvents.at, followUpEvents.seq)
    : [];
  const invitations = await db
    .select()
    .from(surveyInvitations)
    .where(inArray(surveyInvitations.customerId, customerIds))
    .orderBy(surveyInvitations.createdAt);
  const invitationIds = invitations.map((row) => row.id);
  const texts = await db
    .select()
    .from(smsMessages)
    .where(
      or(
        inArray(smsMessages.registrationId, registrationIds),
        ...(invitationIds.length ? [inArray(smsMessages.invitationId, invitationIds)] : []),
      ),
    )
    .orderBy(smsMessages.createdAt);
  const numbers = [...new Set(profiles.map((row) => row.mobileNumber))];
  // A member's visits are their number's, whenever recorded, and those that named them (decision 052).
  const washes = await db
    .select()
    .from(visits)
    .where(or(inArray(visits.mobileNumber, numbers), inArray(visits.customerId, customerIds)))
    .orderBy(visits.visitedAt);
  const consentChanges = await consentHistoryOf(db, customerIds);
  const inbound = await db
    .select()
    .from(smsInboundMessages)
    .where(inArray(smsInboundMessages.fromNumber, numbers))
    .orderBy(smsInboundMessages.receivedAt);
  const suppressions = await db.select().from(smsSuppressions).where(inArray(smsSuppressions.mobileNumber, numbers));
  const events = await db
    .select()
    .from(outboxEvents)
    .where(eventsAbout({ registrationIds, customerIds, visitIds: washes.map((row) => row.id) }))
    .orderBy(outboxEvents.createdAt);
  const deliveries = events.length
    ? await db
        .select({ delivery: webhookDeliveries, endpointDescription: webhookEndpoints.description })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          inArray(
            webhookDeliveries.eventId,
            events.map((event) => event.id),
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt))
    : [];

  return {
    email: normalEmail(email),
    exportedAt: now.toISOString(),
    // The file is JSON: the view's ISO times are what the rows' dates are written as.
    customers: profiles.map((row) => ({
      ...row,
      consent: consentView(row),
      consentEvidence: consentEvidenceView(row),
    })),
    // The code's hash opens nothing on its own, but it is a credential's trace, not data about the person.
    registrations: sales.map(({ tokenHash: _hash, ...row }) => row),
    surveys: answers,
    // What the operator did about an unhappy survey: the case and its timeline (staff by id).
    followUpCases: cases.map((row) => ({
      ...row,
      timeline: timelines.filter((entry) => entry.caseId === row.id).map(({ caseId: _case, ...entry }) => entry),
    })),
    // Which point-of-sale key reported a visit is the operator's business, not data about the person.
    visits: washes.map(({ recordedByKeyId: _key, ...row }) => row),
    // The link's code is never kept; its hash, as a registration's, is a credential's trace.
    surveyInvitations: invitations.map(({ tokenHash: _hash, ...row }) => row),
    // Every text, by kind (code, its reminder, an invitation, its reminder). `linkToken` is the registration code
    // itself, kept only until the text is sent.
    textMessages: texts.map(({ linkToken: _token, ...row }) => row),
    // What became of their consent to texts after their profile gave it (the profile's agreement is above).
    smsConsentHistory: consentChanges.map((row) => ({ customerId: row.customerId, ...toConsentEntry(row) })),
    // The texts their numbers sent us, and the opt-out of a number that stands (decision 030).
    inboundTextMessages: inbound,
    smsOptOuts: suppressions,
    // The receivers are named by the description the operator gave them, not their URL (it may hold a secret).
    webhookEvents: events.map((event) => ({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt,
      body: JSON.parse(event.body) as unknown,
      deliveries: deliveries
        .filter((row) => row.delivery.eventId === event.id)
        .map(({ delivery, endpointDescription }) => ({
          endpointId: delivery.endpointId,
          endpointDescription,
          status: delivery.status,
          attempts: delivery.attempts,
          lastAttemptAt: delivery.lastAttemptAt,
          deliveredAt: delivery.deliveredAt,
        })),
    })),
  };
}

export type MemberExport = NonNullable<Awaited<ReturnType<typeof exportMember>>>;
