import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  // One statement finds the listeners and queues a delivery to each: this runs in every write's transaction.
  const result: unknown = await tx.execute(sql`
    insert into ${webhookDeliveries} (id, event_id, endpoint_id)
    select gen_random_uuid()::text, ${eventId}, ${webhookEndpoints.id} from ${webhookEndpoints}
    where ${webhookEndpoints.enabled} and ${type} = any(${webhookEndpoints.eventTypes})
    returning id`);
  // `Tx` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
  const deliveries = (result as { rows: { id: string }[] }).rows;
  for (const delivery of deliveries) await enqueue(tx, QUEUES.webhookDelivery, { deliveryId: delivery.id });
  return eventId;
}
