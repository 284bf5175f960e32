import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../../../server/platform/db/schema';
import {
  deliverEvents,
  deliverWebhooks,
  dispatchEvents,
  type DeliveryContext,
} from '../../../../server/features/integrations/deliver-webhook';
import { writeEvent } from '../../../../server/features/integrations/outbox';
import { ENVIRONMENT_ENDPOINT_ID, newWebhookSecret } from '../../../../server/features/integrations/webhook-endpoints';
import { newId } from '../../../../server/platform/values/tokens';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { freePort, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const ENV_SECRET = `whsec_${Buffer.alloc(24, 9).toString('base64')}`;
const HOUR = 60 * 60 * 1000;

describe.each(EMBEDDED_ONLY)('one try of each webhook delivery, on %s', (driver) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(driver);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => {
    receiver.failNext(200, 0);
    receiver.received.splice(0);
  });

  /** A fixed clock near the real one: Standard Webhooks' verify refuses a timestamp five minutes off. */
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const context = (overrides: Partial<DeliveryContext> = {}): DeliveryContext => ({
    db: t.database.db,
    policy: { allowPrivateNetworks: true, timeoutMs: 5_000 },
    environmentSecret: ENV_SECRET,
    now: () => at,
    ...overrides,
  });
  const addEndpoint = async (values: Partial<typeof webhookEndpoints.$inferInsert> = {}) => {
    const id = newId();
    const secret = newWebhookSecret();
    await t.database.db.insert(webhookEndpoints).values({
      id,
      url: receiver.url,
      eventTypes: ['registration.issued'],
      secret,
      createdAt: new Date(at.getTime() - HOUR),
      ...values,
    });
    return { id, secret };
  };
  /** An event and one pending delivery of it to `endpointId`, queued `queuedAgo` ms before `at`. */
  const pendingDelivery = async (endpointId: string, queuedAgo = 0) => {
    const eventId = await writeEvent(t.database.db, 'registration.issued', { n: 1 }, at);
    const id = newId();
    await t.database.db
      .insert(webhookDeliveries)
      .values({ id, eventId, endpointId, queuedAt: new Date(at.getTime() - queuedAgo) });
    return { id, eventId };
  };
  const deliveryRow = async (id: string) =>
    (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;

  it('posts the stored body, signed, and records it delivered', async () => {
    const endpoint = await addEndpoint();
    const delivery = await pendingDelivery(endpoint.id);
    expect(await deliverWebhooks(context(), [{ deliveryId: delivery.id, retryCount: 0 }])).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    const [event] = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, delivery.eventId));
    expect(request.body).toBe(event!.body);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'ClubProfile-Webhooks/1',
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(at.getTime() / 1000),
    });
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers as Record<string, string>)).toEqual(
      JSON.parse(event!.body),
    );
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      lastAttemptAt: at,
      deliveredAt: at,
    });
  });

  it('signs the endpoint WEBHOOK_URL configures with WEBHOOK_SECRET', async () => {
    await t.database.db
      .insert(webhookEndpoints)
      .values({
        id: ENVIRONMENT_ENDPOINT_ID,
        url: receiver.url,
        eventTypes: ['registration.issued'],
        source: 'environment',
        secret: null,
        createdAt: new Date(at.getTime() - HOUR),
      })
      .onConflictDoNothing();
    const delivery = await pendingDelivery(ENVIRONMENT_ENDPOINT_ID);
    await deliverWebhooks(context(), [{ deliveryId: delivery.id, retryCount: 0 }]);
    const request = receiver.received[0]!;
    expect(new Webhook(ENV_SECRET).verify(request.body, request.headers as Record<string, string>)).toMatchObject({
      type: 'registration.issued',
    });

    // Without WEBHOOK_SECRET it has nothing to sign with, and gives up without a request.
    const unsigned = await pendingDelivery(ENVIRONMENT_ENDPOINT_ID);
    expect(
      await deliverWebhooks(context({ environmentSecret: undefined }), [{ deliveryId: unsigned.id, retryCount: 0 }]),
    ).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    expect(await deliveryRow(unsigned.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'no_secret',
      lastStatusCode: null,
      deliveredAt: null,
    });
  });

  it('gives up on a console endpoint without a secret, and on a disabled one without counting a try', async () => {
    const unsigned = await addEndpoint({ secret: null });
    const disabled = await addEndpoint({ enabled: false });
    const toUnsigned = await pendingDelivery(unsigned.id);
    const toDisabled = await pendingDelivery(disabled.id);
    expect(
      await deliverWebhooks(context(), [
        { deliveryId: toUnsigned.id, retryCount: 0 },
        { deliveryId: toDisabled.id, retryCount: 0 },
      ]),
    ).toEqual([]);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(toUnsigned.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'no_secret' });
    expect(await deliveryRow(toDisabled.id)).toMatchObject({
      status: 'failed',
      attempts: 0,
      lastError: 'endpoint_disabled',
      lastAttemptAt: at,
    });
  });

  it.each([
    [299, 'delivered', null],
    [300, 'pending', 'http_300'],
    [404, 'pending', 'http_404'],
    [503, 'pending', 'http_503'],
  ] as const)('counts an answer of %i as %s', async (status, outcome, error) => {
    const endpoint = await addEndpoint();
    const delivery = await pendingDelivery(endpoint.id);
    receiver.failNext(status, 1);
    const retry = await deliverWebhooks(context(), [{ deliveryId: delivery.id, retryCount: 0 }]);
    expect(retry).toEqual(outcome === 'pending' ? [delivery.id] : []);
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: outcome,
      attempts: 1,
      lastStatusCode: status,
      lastError: error,
      lastAttemptAt: at,
      deliveredAt: outcome === 'delivered' ? at : null,
    });
  });

  it('retries a receiver that is down until no retry could start within the day, then fails it', async () => {
    const down = await freePort();
    const endpoint = await addEndpoint({ url: `http://127.0.0.1:${down}/hooks` });
    // Queued 23 hours ago: the next retry (at least 10 s away) still starts inside the day.
    const early = await pendingDelivery(endpoint.id, 23 * HOUR);
    // Queued a day less 5 s ago: the next retry could only start after the day.
    const late = await pendingDelivery(endpoint.id, 24 * HOUR - 5_000);
    // pg-boss's own retry limit is reached whatever the time.
    const spent = await pendingDelivery(endpoint.id);
    const retry = await deliverWebhooks(context(), [
      { deliveryId: early.id, retryCount: 0 },
      { deliveryId: late.id, retryCount: 0 },
      { deliveryId: spent.id, retryCount: 20 },
    ]);
    expect(retry).toEqual([early.id]);
    expect(await deliveryRow(early.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'connection_failed',
    });
    expect(await deliveryRow(late.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'connection_failed' });
    expect(await deliveryRow(spent.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('fails at once an address the policy refuses, since no retry can mend it', async () => {
    const endpoint = await addEndpoint();
    const delivery = await pendingDelivery(endpoint.id);
    const retry = await deliverWebhooks(context({ policy: { allowPrivateNetworks: false } }), [
      { deliveryId: delivery.id, retryCount: 0 },
    ]);
    expect(retry).toEqual([]);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'scheme_not_allowed',
    });
  });

  it('leaves a settled delivery alone, and does nothing for none', async () => {
    const endpoint = await addEndpoint();
    const delivery = await pendingDelivery(endpoint.id);
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, delivery.id));
    expect(await deliverWebhooks(context(), [{ deliveryId: delivery.id, retryCount: 0 }])).toEqual([]);
    expect(await deliverWebhooks(context(), [])).toEqual([]);
    expect(receiver.received).toHaveLength(0);
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'failed', attempts: 0, lastAttemptAt: null });
  });

  /** Switches off the endpoints earlier tests added, so an event's deliveries go only to the test's own. */
  const onlyNewEndpoints = () => t.database.db.update(webhookEndpoints).set({ enabled: false });

  it("makes an event's deliveries to every endpoint that hears it, and answers the event once to retry", async () => {
    await onlyNewEndpoints();
    const first = await addEndpoint();
    const second = await addEndpoint();
    const elsewhere = await addEndpoint({ eventTypes: ['survey.submitted'] });
    const eventId = await writeEvent(t.database.db, 'registration.issued', { n: 2 }, at);
    receiver.failNext(503, 2);
    expect(await deliverEvents(context(), [{ eventId, retryCount: 0 }])).toEqual([eventId]);
    const deliveries = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    expect(deliveries.map((row) => row.endpointId).sort()).toEqual([first.id, second.id].sort());
    expect(deliveries.map((row) => row.endpointId)).not.toContain(elsewhere.id);
    expect(deliveries.map((row) => row.status)).toEqual(['pending', 'pending']);
    // The next try delivers both, and makes no new delivery.
    expect(await deliverEvents(context(), [{ eventId, retryCount: 1 }])).toEqual([]);
    const after = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));
    expect(after.map((row) => [row.status, row.attempts])).toEqual([
      ['delivered', 2],
      ['delivered', 2],
    ]);
  });

  it("gives up on an event's deliveries once its job's retries are spent", async () => {
    await onlyNewEndpoints();
    const down = await freePort();
    await addEndpoint({ url: `http://127.0.0.1:${down}/hooks`, eventTypes: ['survey.submitted'] });
    const eventId = await writeEvent(t.database.db, 'survey.submitted', { n: 3 }, at);
    expect(await deliverEvents(context(), [{ eventId, retryCount: 20 }])).toEqual([]);
    const [delivery] = await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId));
    expect(delivery).toMatchObject({ status: 'failed', lastError: 'connection_failed' });
  });

  it('makes no delivery for no event, nor to an endpoint added after the event', async () => {
    expect(await dispatchEvents(t.database.db, [])).toEqual([]);
    const eventId = await writeEvent(t.database.db, 'registration.completed', { n: 4 }, at);
    await addEndpoint({ eventTypes: ['registration.completed'], createdAt: new Date(at.getTime() + 1000) });
    expect(await dispatchEvents(t.database.db, [eventId])).toEqual([]);
  });
});
