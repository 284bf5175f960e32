import { randomBytes } from 'node:crypto';
import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEnvelope, WebhookEventType } from '../../src/domain/webhooks';
import type { Db, Tx } from '../db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { enqueue } from '../jobs/job-queue';
import { QUEUES } from '../jobs/queues';
import { newId } from '../lib/tokens';

/** Standard Webhooks' ids look like `msg_…`; a receiver de-duplicates on it, so every try of one event shares it. */
export const newEventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/** Queues one delivery of an event to one endpoint, in the caller's transaction. */
export async function queueDelivery(tx: Tx | Db, eventId: string, endpointId: string): Promise<string> {
  const id = newId();
  await tx.insert(webhookDeliveries).values({ id, eventId, endpointId });
  await enqueue(tx, QUEUES.webhookDelivery, { deliveryId: id });
  return id;
}

/** Writes the event itself: the body every receiver gets, byte for byte, on every try. */
export async function writeEvent(
  tx: Tx | Db,
  type: WebhookEnvelope['type'],
  data: unknown,
  now = new Date(),
): Promise<string> {
  const id = newEventId();
  const envelope: WebhookEnvelope = { type, timestamp: now.toISOString(), version: 1, data };
  await tx.insert(outboxEvents).values({ id, type, body: JSON.stringify(envelope), createdAt: now });
  return id;
}

/**
 * Records an event in the transaction of the change it describes, with a delivery (and its job) for every enabled
 * endpoint that listens to its type. A rollback leaves no trace of it; a commit survives any crash after it.
 */
export async function recordEvent(tx: Tx, type: WebhookEventType, data: unknown, now = new Date()): Promise<string> {
  const eventId = await writeEvent(tx, type, data, now);
  const listeners = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.eventTypes, [type])));
  for (const endpoint of listeners) await queueDelivery(tx, eventId, endpoint.id);
  return eventId;
}
