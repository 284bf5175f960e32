import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { isLastTry } from '../jobs/queues';
import { OutboundError, sendOutbound, type OutboundPolicy } from './outbound-request';

/** A try that did not reach a 2xx: pg-boss retries the job when the handler throws it. */
export class DeliveryFailed extends Error {
  constructor(readonly code: string) {
    super(`Webhook delivery failed: ${code}`);
    this.name = 'DeliveryFailed';
  }
}

/** Failures no retry can mend: the address is refused by policy, not by the receiver. */
const PERMANENT = new Set(['invalid_url', 'scheme_not_allowed', 'private_address']);

export interface DeliveryContext {
  db: Db;
  policy: OutboundPolicy;
  /** WEBHOOK_SECRET, for the endpoint WEBHOOK_URL configures (its row keeps none). */
  environmentSecret: string | undefined;
  now?: () => Date;
}

type Outcome = { status: 'delivered' | 'pending' | 'failed'; statusCode: number | null; error: string | null };

/**
 * One try of one delivery: signs the stored body with Standard Webhooks' reference library (a fresh timestamp,
 * the event's id on every try), posts it, and records what happened. Throws to be retried; returns when done,
 * delivered or given up on.
 */
export async function deliverWebhook(context: DeliveryContext, deliveryId: string, retryCount: number): Promise<void> {
  const now = context.now ?? (() => new Date());
  const [row] = await context.db
    .select({ delivery: webhookDeliveries, event: outboxEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted with its endpoint, or already settled (a job that outlived its expiry): nothing to do.
  if (!row || row.delivery.status !== 'pending') return;

  const secret = row.endpoint.source === 'environment' ? context.environmentSecret : row.endpoint.secret;
  const outcome: Outcome = !row.endpoint.enabled
    ? { status: 'failed', statusCode: null, error: 'endpoint_disabled' }
    : !secret
      ? { status: 'failed', statusCode: null, error: 'no_secret' }
      : await tryOnce(row.endpoint.url, row.event.id, row.event.body, secret, context.policy, now());

  const giveUp = outcome.status === 'pending' && isLastTry(row.delivery.queuedAt, retryCount, now());
  const status = giveUp ? 'failed' : outcome.status;
  await context.db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: row.delivery.attempts + (outcome.error === 'endpoint_disabled' ? 0 : 1),
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastAttemptAt: now(),
      deliveredAt: status === 'delivered' ? now() : null,
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (status === 'pending') throw new DeliveryFailed(outcome.error ?? 'unknown');
}

async function tryOnce(
  url: string,
  eventId: string,
  body: string,
  secret: string,
  policy: OutboundPolicy,
  at: Date,
): Promise<Outcome> {
  const signature = new Webhook(secret).sign(eventId, at, body);
  try {
    const answer = await sendOutbound(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'ClubProfile-Webhooks/1',
          'webhook-id': eventId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      },
      policy,
    );
    if (answer.status >= 200 && answer.status < 300)
      return { status: 'delivered', statusCode: answer.status, error: null };
    return { status: 'pending', statusCode: answer.status, error: `http_${answer.status}` };
  } catch (error) {
    const code = error instanceof OutboundError ? error.code : 'request_failed';
    return { status: PERMANENT.has(code) ? 'failed' : 'pending', statusCode: null, error: code };
  }
}
