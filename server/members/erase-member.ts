import { inArray, or } from 'drizzle-orm';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db } from '../db/client';
import {
  customers,
  idempotencyKeys,
  outboxEvents,
  registrations,
  smsMessages,
  surveys,
  webhookDeliveries,
} from '../db/schema';
import { eventsAbout } from '../retention/events-about';
import { memberIds } from './export-member';

/** What an erasure deleted, by kind of row. */
export interface ErasedCounts {
  customers: number;
  registrations: number;
  surveys: number;
  textMessages: number;
  events: number;
  deliveries: number;
  idempotencyKeys: number;
}

/** The audit row's subject: what was erased, counted. No email, name, number or id of the person. */
export const erasureSummary = (counts: ErasedCounts) =>
  Object.entries(counts)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');

/**
 * Erases the customers with this email on request (CCPA, GDPR): their profiles, surveys and registrations, the
 * text-message rows, outbox events and deliveries about them, and the idempotency keys that name what they sent,
 * with an audit row, all in one transaction: a failure anywhere leaves everything as it was. Answers null, having
 * written nothing, when no customer has the email.
 *
 * The audit row names no customer id: those ids went to the webhook receivers with the profile, so with a
 * receiver's copy an id would still point to the person. The command prints them, for passing the request on.
 */
export async function eraseMember(
  db: Db,
  email: string,
  by: { actor: Actor; client?: string | null },
): Promise<{ customerIds: string[]; counts: ErasedCounts } | null> {
  return db.transaction(async (tx) => {
    const { customerIds, registrationIds } = await memberIds(tx, email);
    if (customerIds.length === 0) return null;

    const surveyIds = (
      await tx.select({ id: surveys.id }).from(surveys).where(inArray(surveys.customerId, customerIds))
    ).map((row) => row.id);
    const eventIds = (
      await tx.select({ id: outboxEvents.id }).from(outboxEvents).where(eventsAbout({ registrationIds, customerIds }))
    ).map((row) => row.id);

    const deleted = async (rows: Promise<unknown[]>) => (await rows).length;
    const deliveries = eventIds.length
      ? await deleted(
          tx
            .delete(webhookDeliveries)
            .where(inArray(webhookDeliveries.eventId, eventIds))
            .returning({ id: webhookDeliveries.id }),
        )
      : 0;
    const events = eventIds.length
      ? await deleted(
          tx.delete(outboxEvents).where(inArray(outboxEvents.id, eventIds)).returning({ id: outboxEvents.id }),
        )
      : 0;
    const keys = await deleted(
      tx
        .delete(idempotencyKeys)
        .where(inArray(idempotencyKeys.resourceId, [...customerIds, ...surveyIds]))
        .returning({ key: idempotencyKeys.key }),
    );
    const surveyCount = await deleted(
      tx.delete(surveys).where(inArray(surveys.customerId, customerIds)).returning({ id: surveys.id }),
    );
    const customerCount = await deleted(
      tx.delete(customers).where(inArray(customers.id, customerIds)).returning({ id: customers.id }),
    );
    const texts = await deleted(
      tx
        .delete(smsMessages)
        .where(inArray(smsMessages.registrationId, registrationIds))
        .returning({ id: smsMessages.id }),
    );
    const registrationCount = await deleted(
      tx
        .delete(registrations)
        .where(or(inArray(registrations.id, registrationIds), inArray(registrations.customerId, customerIds)))
        .returning({ id: registrations.id }),
    );

    const counts: ErasedCounts = {
      customers: customerCount,
      registrations: registrationCount,
      surveys: surveyCount,
      textMessages: texts,
      events,
      deliveries,
      idempotencyKeys: keys,
    };
    await recordAudit(tx, {
      actor: by.actor,
      action: 'member_erased',
      subjectId: erasureSummary(counts),
      client: by.client,
    });
    return { customerIds, counts };
  });
}
