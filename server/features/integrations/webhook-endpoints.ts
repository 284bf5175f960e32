import { randomBytes } from 'node:crypto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  TEST_EVENT_TYPE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type NewWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../src/domain/webhooks';
import type { Db } from '../../platform/db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../platform/db/schema';
import { enqueue } from '../../platform/jobs/job-queue';
import { QUEUES } from '../../platform/jobs/queues';
import { ApiError, validationFailed } from '../../platform/http/api-error';
import { newId } from '../../platform/values/tokens';
import { checkOutboundUrl, type OutboundPolicy } from '../../platform/outbound/outbound-request';
import { queueDelivery, writeEvent } from './outbox';

/** WEBHOOK_URL's endpoint has this fixed id, so every instance that starts with it updates the same row. */
export const ENVIRONMENT_ENDPOINT_ID = '00000000-0000-4000-8000-00000000e4b0';

const NO_SUCH_ENDPOINT = 'There is no such webhook endpoint.';
const LAST_DELIVERIES = 20;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as WebhookEventType[],
  enabled: row.enabled,
  source: row.source as WebhookEndpoint['source'],
  createdAt: row.createdAt.toISOString(),
});

/** A signing secret as Standard Webhooks writes it: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.createdAt);
  return rows.map(toEndpoint);
}

/** Refuses an address the delivery would refuse anyway, with a message the owner can act on. */
function assertAllowedUrl(url: string, policy: OutboundPolicy) {
  const check = checkOutboundUrl(url, policy);
  if (check.ok) return;
  const message =
    check.reason === 'scheme_not_allowed'
      ? WEBHOOK_MESSAGES.httpsOnly
      : check.reason === 'private_address'
        ? WEBHOOK_MESSAGES.privateAddress
        : WEBHOOK_MESSAGES.url;
  throw validationFailed({ url: message });
}

export async function createEndpoint(
  db: Db,
  input: NewWebhookEndpoint,
  policy: OutboundPolicy,
): Promise<CreatedWebhookEndpoint> {
  assertAllowedUrl(input.url, policy);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ id: newId(), url: input.url, description: input.description, eventTypes: input.eventTypes, secret })
    .returning();
  return { ...toEndpoint(row!), secret };
}

async function consoleEndpoint(db: Db, id: string): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new ApiError(404, 'not_found', NO_SUCH_ENDPOINT);
  return row;
}

function assertEditable(row: EndpointRow) {
  if (row.source === 'environment') {
    throw new ApiError(403, 'forbidden', 'This endpoint is set by WEBHOOK_URL; change the environment instead.');
  }
}

export async function changeEndpoint(
  db: Db,
  id: string,
  change: { enabled?: boolean; eventTypes?: WebhookEventType[] },
): Promise<WebhookEndpoint> {
  assertEditable(await consoleEndpoint(db, id));
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return toEndpoint(row!);
}

/** Deletes an endpoint with its delivery history; events stay in the outbox for the other endpoints. */
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  assertEditable(await consoleEndpoint(db, id));
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

const toDelivery = (row: { delivery: typeof webhookDeliveries.$inferSelect; eventType: string }): WebhookDelivery => ({
  id: row.delivery.id,
  eventId: row.delivery.eventId,
  eventType: row.eventType,
  status: row.delivery.status as WebhookDelivery['status'],
  attempts: row.delivery.attempts,
  lastStatusCode: row.delivery.lastStatusCode,
  lastError: row.delivery.lastError,
  lastAttemptAt: row.delivery.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.delivery.deliveredAt?.toISOString() ?? null,
  createdAt: row.delivery.createdAt.toISOString(),
});

/** An endpoint's most recent deliveries, newest first. */
/** Deliveries with their event's type, newest first. */
const deliveriesWhere = (db: Db, condition: SQL | undefined, limit: number) =>
  db
    .select({ delivery: webhookDeliveries, eventType: outboxEvents.type })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(condition)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);

export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  await consoleEndpoint(db, endpointId);
  const rows = await deliveriesWhere(db, eq(webhookDeliveries.endpointId, endpointId), LAST_DELIVERIES);
  return rows.map(toDelivery);
}

/** "Send a test event": a `webhook.test` event to this endpoint alone, delivered and retried like any other. */
export async function sendTestEvent(db: Db, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await consoleEndpoint(db, endpointId);
  if (!endpoint.enabled) throw new ApiError(409, 'endpoint_disabled', 'Enable the endpoint to send it a test event.');
  const deliveryId = await db.transaction(async (tx) => {
    const eventId = await writeEvent(tx, TEST_EVENT_TYPE, {
      endpointId,
      message: 'A test event from Club Profile: this endpoint is reachable and verifies our signature.',
    });
    return queueDelivery(tx, eventId, endpointId);
  });
  return findDelivery(db, endpointId, deliveryId);
}

async function findDelivery(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const [row] = await deliveriesWhere(
    db,
    and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
    1,
  );
  if (!row) throw new ApiError(404, 'not_found', 'There is no such delivery.');
  return toDelivery(row);
}

/**
 * "Resend" a failed delivery: the same event (same `webhook-id`, same body) gets a new day of tries. Only a failed
 * one: a pending delivery already has its job, and one job per delivery is what keeps tries from overlapping.
 */
export async function resendDelivery(db: Db, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const resent = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', queuedAt: new Date() })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.status, 'failed'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (row) await enqueue(tx, QUEUES.webhookDelivery, { deliveryId });
    return !!row;
  });
  const delivery = await findDelivery(db, endpointId, deliveryId);
  if (!resent) throw new ApiError(409, 'delivery_not_failed', 'Only a failed delivery can be sent again.');
  return delivery;
}

/**
 * Makes the endpoint row match WEBHOOK_URL at start: subscribed to every event type, signed with WEBHOOK_SECRET
 * (which the row never stores). Without WEBHOOK_URL, a row left from before is switched off, its history kept.
 */
export async function syncEnvironmentEndpoint(db: Db, webhook: { url: string } | undefined): Promise<void> {
  if (!webhook) {
    await db
      .update(webhookEndpoints)
      .set({ enabled: false, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, ENVIRONMENT_ENDPOINT_ID));
    return;
  }
  const values = {
    url: webhook.url,
    description: 'WEBHOOK_URL',
    eventTypes: [...WEBHOOK_EVENT_TYPES],
    secret: null,
    enabled: true,
    source: 'environment',
    updatedAt: new Date(),
  };
  await db
    .insert(webhookEndpoints)
    .values({ id: ENVIRONMENT_ENDPOINT_ID, ...values })
    .onConflictDoUpdate({ target: webhookEndpoints.id, set: values });
}
