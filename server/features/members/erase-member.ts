import { and, eq, inArray, notExists, notInArray, or } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../../platform/db/client';
import {
  customers,
  followUpCases,
  idempotencyKeys,
  outboxEvents,
  consentHistory,
  registrations,
  smsInboundMessages,
  smsMessages,
  surveys,
  visits,
  webhookDeliveries,
} from '../../platform/db/schema';
import { erasedData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { eventsAbout } from '../retention/events-about';
import { memberIds } from './export-member';
import { redactAuditSubjects } from './redact-audit-subjects';

/** What an erasure deleted, by kind of row. */
export interface ErasedCounts {
  customers: number;
  registrations: number;
  surveys: number;
  textMessages: number;
  events: number;
  deliveries: number;
  idempotencyKeys: number;
  /** Their follow-up cases, each with its timeline. */
  followUpCases: number;
  /** Changes to their consent to texts (withdrawals, opt-ins). */
  consentChanges: number;
  /** Texts their numbers sent us, when no other member has the number. */
  inboundTexts: number;
  /** Visits the point-of-sale reported of them, or of their numbers when no other member has the number. */
  visits: number;
}

/** What an erasure did: the ids it erased (as the webhook receivers know them), counted rows, and how it told them. */
export interface ErasedMember {
  customerIds: string[];
  registrationIds: string[];
  surveyIds: string[];
  /** The `member.erased` event, queued for every enabled webhook endpoint. */
  eventId: string;
  counts: ErasedCounts;
  /** Audit rows whose subject named one of the ids, now `erased` in its place. */
  auditRowsRedacted: number;
}

/** The audit row's subject: what was erased, counted. No email, name, number or id of the person. */
export const erasureSummary = (counts: ErasedCounts) =>
  Object.entries(counts)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');

/**
 * Erases the customers with this email on request (CCPA, GDPR), all in one transaction, so that a failure anywhere
 * leaves everything as it was (the event below included). Answers null, having written nothing, when no customer has
 * the email. It deletes their profiles, surveys, follow-up cases and registrations, the text-message rows, the
 * changes to their consent to texts, the texts their numbers sent us and the visits of their numbers (each unless
 * another member has the number; a number's opt-out is always kept; decision 052), the outbox events and deliveries about them, and the idempotency keys that name what they sent; then
 * - records a `member.erased` event for every enabled webhook endpoint, whatever it subscribed to: the receivers hold
 *   copies of the profile and must erase them too. It carries only the ids they know the member by, and is written
 *   after the older events are deleted, so it is not one of them;
 * - takes those ids out of the audit log (`member_viewed`, `export`, `code_issued`...): with a receiver's copy an id
 *   would still point to the person. The rows keep who did what, and when;
 * - writes an audit row of its own, counts only.
 */
export async function eraseMember(
  db: Db,
  email: string,
  by: { actor: Actor; client?: string | null },
  now = new Date(),
): Promise<ErasedMember | null> {
  return db.transaction(async (tx) => {
    const found = await memberIds(tx, email);
    if (found.customerIds.length === 0) return null;
    const numbers = (
      await tx
        .selectDistinct({ number: customers.mobileNumber })
        .from(customers)
        .where(inArray(customers.id, found.customerIds))
    ).map((row) => row.number);
    // Their visits: those named by their ids, and their numbers' unless another member still has the number.
    const visitIds = (
      await tx
        .select({ id: visits.id })
        .from(visits)
        .where(
          or(
            inArray(visits.customerId, found.customerIds),
            and(
              inArray(visits.mobileNumber, numbers),
              notExists(
                tx
                  .select({ id: customers.id })
                  .from(customers)
                  .where(
                    and(eq(customers.mobileNumber, visits.mobileNumber), notInArray(customers.id, found.customerIds)),
                  ),
              ),
            ),
          ),
        )
    ).map((row) => row.id);

    const eventIds = (
      await tx
        .select({ id: outboxEvents.id })
        .from(outboxEvents)
        .where(eventsAbout({ ...found, visitIds }))
    ).map((row) => row.id);

    const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);
    const deliveries = eventIds.length
      ? await ids(
          tx
            .delete(webhookDeliveries)
            .where(inArray(webhookDeliveries.eventId, eventIds))
            .returning({ id: webhookDeliveries.id }),
        )
      : [];
    const events = eventIds.length
      ? await ids(tx.delete(outboxEvents).where(inArray(outboxEvents.id, eventIds)).returning({ id: outboxEvents.id }))
      : [];
    // Before the surveys that opened them; their timelines go with them (on delete cascade).
    const caseIds = await ids(
      tx
        .delete(followUpCases)
        .where(inArray(followUpCases.customerId, found.customerIds))
        .returning({ id: followUpCases.id }),
    );
    const surveyIds = await ids(
      tx.delete(surveys).where(inArray(surveys.customerId, found.customerIds)).returning({ id: surveys.id }),
    );
    const keys = await ids(
      tx
        .delete(idempotencyKeys)
        .where(inArray(idempotencyKeys.resourceId, [...found.customerIds, ...surveyIds]))
        .returning({ id: idempotencyKeys.key }),
    );
    const consentChanges = await ids(
      tx
        .delete(consentHistory)
        .where(inArray(consentHistory.customerId, found.customerIds))
        .returning({ id: consentHistory.id }),
    );
    const visitsErased = visitIds.length
      ? await ids(tx.delete(visits).where(inArray(visits.id, visitIds)).returning({ id: visits.id }))
      : [];
    const customerIds = await ids(
      tx.delete(customers).where(inArray(customers.id, found.customerIds)).returning({ id: customers.id }),
    );
    // A number another member still has is theirs too: its texts stay with them. The number's opt-out is kept
    // whoever is erased: it is the evidence that the number must not be texted.
    const inboundTexts = numbers.length
      ? await ids(
          tx
            .delete(smsInboundMessages)
            .where(
              and(
                inArray(smsInboundMessages.fromNumber, numbers),
                notExists(
                  tx
                    .select({ id: customers.id })
                    .from(customers)
                    .where(eq(customers.mobileNumber, smsInboundMessages.fromNumber)),
                ),
              ),
            )
            .returning({ id: smsInboundMessages.id }),
        )
      : [];
    const texts = await ids(
      tx
        .delete(smsMessages)
        .where(inArray(smsMessages.registrationId, found.registrationIds))
        .returning({ id: smsMessages.id }),
    );
    const registrationIds = await ids(
      tx
        .delete(registrations)
        .where(or(inArray(registrations.id, found.registrationIds), inArray(registrations.customerId, customerIds)))
        .returning({ id: registrations.id }),
    );

    const erased = { customerIds, registrationIds, surveyIds };
    const eventId = await recordEvent(tx, 'member.erased', erasedData(erased, now), now);
    // A case id in the audit log (`follow_up_viewed`, …) would point to the person too, with a receiver's copy of
    // the `follow_up.opened` event that names both.
    const auditRowsRedacted = await redactAuditSubjects(tx, [
      ...customerIds,
      ...registrationIds,
      ...surveyIds,
      ...caseIds,
    ]);

    const counts: ErasedCounts = {
      customers: customerIds.length,
      registrations: registrationIds.length,
      surveys: surveyIds.length,
      textMessages: texts.length,
      events: events.length,
      deliveries: deliveries.length,
      idempotencyKeys: keys.length,
      followUpCases: caseIds.length,
      consentChanges: consentChanges.length,
      inboundTexts: inboundTexts.length,
      visits: visitsErased.length,
    };
    await recordAudit(tx, {
      actor: by.actor,
      action: 'member_erased',
      subjectId: erasureSummary(counts),
      client: by.client,
    });
    return { ...erased, eventId, counts, auditRowsRedacted };
  });
}
