import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../platform/db/client';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../platform/db/schema';
import { isLastTry } from '../../platform/jobs/queues';
import { OutboundError, sendOutbound, type OutboundPolicy } from '../../platform/outbound/outbound-request';
import { hearsEvent } from './outbox';

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

/** One job's try: which delivery, and how many retries pg-boss has made of it. */
export interface DeliveryTry {
  deliveryId: string;
  retryCount: number;
}

/** One job's try of an event: which event, and how many retries pg-boss has made of it. */
export interface EventTry {
  eventId: string;
  retryCount: number;
}

/**
 * Makes each event's deliveries, one to every enabled endpoint that hears it (`hearsEvent`: what it subscribed to,
 * and `member.erased` whatever that is) and existed when it happened: a receiver added while a busy server's jobs
 * lag behind gets what happens from then on, not what came before it. Answers the deliveries still pending. A retry
 * finds them made and adds none; pg-boss never runs one event's job in two places at once. Their 24-hour window
 * counts from the event's commit.
 */
export async function dispatchEvents(db: Db, eventIds: string[]): Promise<{ deliveryId: string; eventId: string }[]> {
  if (eventIds.length === 0) return [];
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${webhookDeliveries} (id, event_id, endpoint_id, queued_at)
    select gen_random_uuid()::text, e.id, p.id, e.created_at
    from ${outboxEvents} e join ${webhookEndpoints} p
      on p.enabled and ${hearsEvent(sql`p.event_types`, sql`e.type`)} and p.created_at <= e.created_at
    where e.id in (${ids})
      and not exists (select 1 from ${webhookDeliveries} d where d.event_id = e.id and d.endpoint_id = p.id)`);
  return db
    .select({ deliveryId: webhookDeliveries.id, eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.eventId, eventIds), eq(webhookDeliveries.status, 'pending')));
}

/**
 * One try of a batch of events: their deliveries made (on the first try) and tried. Answers the events to retry
 * later, those with a delivery still pending; the rest are delivered or given up on.
 */
export async function deliverEvents(context: DeliveryContext, tries: EventTry[]): Promise<string[]> {
  const retryCounts = new Map(tries.map((attempt) => [attempt.eventId, attempt.retryCount]));
  const deliveries = await dispatchEvents(
    context.db,
    tries.map((attempt) => attempt.eventId),
  );
  const retry = new Set(
    await deliverWebhooks(
      context,
      deliveries.map((delivery) => ({
        deliveryId: delivery.deliveryId,
        retryCount: retryCounts.get(delivery.eventId) ?? 0,
      })),
    ),
  );
  return [
    ...new Set(deliveries.filter((delivery) => retry.has(delivery.deliveryId)).map((delivery) => delivery.eventId)),
  ];
}

/**
 * One try of each delivery in a batch: signs the stored body with Standard Webhooks' reference library (a fresh
 * timestamp, the event's id on every try), posts them side by side, and records every outcome in one statement.
 * Answers the deliveries to retry later; the others are done, delivered or given up on.
 */
export async function deliverWebhooks(context: DeliveryContext, tries: DeliveryTry[]): Promise<string[]> {
  if (tries.length === 0) return [];
  const now = context.now ?? (() => new Date());
  const rows = await context.db
    .select({ delivery: webhookDeliveries, event: outboxEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        inArray(
          webhookDeliveries.id,
          tries.map((attempt) => attempt.deliveryId),
        ),
        // Deleted with its endpoint, or already settled (a job that outlived its expiry): nothing to do.
        eq(webhookDeliveries.status, 'pending'),
      ),
    );
  const retryCounts = new Map(tries.map((attempt) => [attempt.deliveryId, attempt.retryCount]));

  const settled = await Promise.all(
    rows.map(async (row) => {
      const secret = row.endpoint.source === 'environment' ? context.environmentSecret : row.endpoint.secret;
      const outcome: Outcome = !row.endpoint.enabled
        ? { status: 'failed', statusCode: null, error: 'endpoint_disabled' }
        : !secret
          ? { status: 'failed', statusCode: null, error: 'no_secret' }
          : await tryOnce(row.endpoint.url, row.event.id, row.event.body, secret, context.policy, now());
      const retryCount = retryCounts.get(row.delivery.id) ?? 0;
      const giveUp = outcome.status === 'pending' && isLastTry(row.delivery.queuedAt, retryCount, now());
      return {
        id: row.delivery.id,
        status: giveUp ? 'failed' : outcome.status,
        attempts: row.delivery.attempts + (outcome.error === 'endpoint_disabled' ? 0 : 1),
        statusCode: outcome.statusCode,
        error: outcome.error,
      };
    }),
  );
  if (settled.length === 0) return [];

  const at = now();
  const values = sql.join(
    settled.map(
      (row) =>
        sql`(${row.id}, ${row.status}, ${row.attempts}::int, ${row.statusCode}::int, ${row.error}, ${
          row.status === 'delivered' ? at : null
        }::timestamptz)`,
    ),
    sql`, `,
  );
  await context.db.execute(sql`
    update ${webhookDeliveries} as d
    set status = v.status, attempts = v.attempts, last_status_code = v.status_code, last_error = v.error,
        last_attempt_at = ${at}, delivered_at = v.delivered_at
    from (values ${values}) as v(id, status, attempts, status_code, error, delivered_at)
    where d.id = v.id`);
  return settled.filter((row) => row.status === 'pending').map((row) => row.id);
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
