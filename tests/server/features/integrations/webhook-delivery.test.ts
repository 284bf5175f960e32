import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../../../server/platform/db/schema';
import { deliverWebhooks } from '../../../../server/features/integrations/deliver-webhook';
import { newWebhookSecret } from '../../../../server/features/integrations/webhook-endpoints';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { newId } from '../../../../server/platform/values/tokens';
import { eraseMember } from '../../../../server/features/members/erase-member';
import { DRIVERS } from '../../helpers/test-database';
import { expectNoPersonalData } from '../../helpers/personal-data';
import { CLI_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { seedMember } from '../members/support/member-fixture';
import { eventually } from './support/eventually';
import { jobsSettled } from './support/pending-jobs';
import { retryFaster } from './support/retry-faster';
import { freePort, startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver';

const SECRET = `whsec_${Buffer.alloc(24, 42).toString('base64')}`;
const admin = { anonymous: true, headers: { authorization: `Bearer ${CLI_KEY}` } };
const bodyOf = (request: ReceivedWebhook) => JSON.parse(request.body);
const about = (registrationId: string) => (request: ReceivedWebhook) => request.body.includes(registrationId);

/**
 * The engines' suites run side by side (describe.concurrent), as most of their time is spent waiting for a retry;
 * within each, the tests run one after the other, sharing its app and receiver.
 */
const it = vitestIt.sequential;

describe.concurrent.each(DRIVERS)('webhook delivery on %s', (driver) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp(
      driver,
      { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' },
      { integrations: true },
    );
    await retryFaster(t.database);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(() => receiver.failNext(200, 0));

  /** An event's delivery once settled: the receiver has a request a moment before the worker records its answer. */
  const settledDelivery = (eventId: string) =>
    eventually(
      async () =>
        (await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!,
      (delivery) => delivery.status !== 'pending',
    );

  it('delivers registration.issued within seconds, and the receiver verifies it with the library', async () => {
    const issued = await t.issue();
    await receiver.waitFor((all) => all.some(about(issued.registration.id)));
    const request = receiver.received.find(about(issued.registration.id))!;
    const payload = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>);
    expect(payload).toMatchObject({
      type: 'registration.issued',
      data: { registration: { id: issued.registration.id } },
    });
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    expect(request.headers['content-type']).toBe('application/json');
    // Signed with another secret, the same request does not verify.
    expect(() =>
      new Webhook(newWebhookSecret()).verify(request.body, request.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries a receiver that is down for three tries, and it gets the event once, with one webhook-id', async () => {
    receiver.failNext(503, 3);
    const logged = t.logs.length;
    const issued = await t.issue();
    await receiver.waitFor((all) => all.filter(about(issued.registration.id)).some((r) => r.answered === 200), 40_000);
    // Each failed try is logged as a retry of the one event, by count only.
    const retries = t.logs
      .slice(logged)
      .map((line) => JSON.parse(line) as { event: string; events?: number; deliveries?: number })
      .filter((line) => line.event === 'webhook_retry');
    expect(retries).toHaveLength(3);
    expect(retries.map((line) => line.events ?? line.deliveries)).toEqual([1, 1, 1]);
    const tries = receiver.received.filter(about(issued.registration.id));
    expect(tries.map((r) => r.answered)).toEqual([503, 503, 503, 200]);
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    // Each try is signed afresh, at its own time.
    expect(new Set(tries.map((r) => r.headers['webhook-signature'])).size).toBe(4);
    const delivery = await settledDelivery(tries[0]!.headers['webhook-id'] as string);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4, lastStatusCode: 200, lastError: null });
    // Delivered means done: no retry is left queued, and no fifth request came.
    expect(await jobsSettled(t.database, QUEUES.webhookEvent, { eventId: delivery.eventId })).toBe(0);
    expect(await jobsSettled(t.database, QUEUES.webhookDelivery, { deliveryId: delivery.id })).toBe(0);
    expect(receiver.received.filter(about(issued.registration.id))).toHaveLength(4);
  }, 60_000);

  it('does not count a redirect as delivered: it follows none, and tries again until the receiver takes it', async () => {
    receiver.failNext(302, 1);
    const issued = await t.issue();
    await receiver.waitFor((all) => all.some(about(issued.registration.id)));
    const eventId = receiver.received.find(about(issued.registration.id))!.headers['webhook-id'] as string;
    const delivery = await settledDelivery(eventId);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(receiver.received.filter(about(issued.registration.id)).map((r) => r.answered)).toEqual([302, 200]);
  }, 60_000);

  it('marks a delivery failed, and keeps it, once its day of retries is spent', async () => {
    const issued = await t.issue();
    await receiver.waitFor((all) => all.some(about(issued.registration.id)));
    const eventId = receiver.received.find(about(issued.registration.id))!.headers['webhook-id'] as string;
    const delivery = await settledDelivery(eventId);
    // The same delivery tried again by a worker whose clock reads 24 hours later, with the receiver gone.
    const down = await freePort();
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: `http://127.0.0.1:${down}/hooks` })
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    await t.database.db
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(eq(webhookDeliveries.id, delivery.id));
    const dayLater = new Date(delivery.queuedAt.getTime() + 24 * 60 * 60 * 1000);
    const retry = await deliverWebhooks(
      { db: t.database.db, policy: { allowPrivateNetworks: true }, environmentSecret: SECRET, now: () => dayLater },
      [{ deliveryId: delivery.id, retryCount: 12 }],
    );
    expect(retry).toEqual([]);
    const [failed] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(failed).toMatchObject({ status: 'failed', lastError: 'connection_failed', lastStatusCode: null });
    await t.database.db
      .update(webhookEndpoints)
      .set({ url: receiver.url })
      .where(eq(webhookEndpoints.id, delivery.endpointId));

    // An owner resends it: the same event, the same id, delivered.
    const before = receiver.received.length;
    const resent = await t.call(
      'POST',
      `/api/admin/webhook-endpoints/${delivery.endpointId}/deliveries/${delivery.id}/resend`,
      admin,
    );
    expect(resent.status).toBe(202);
    expect(resent.body.status).toBe('pending');
    await receiver.waitFor((all) => all.length > before && all.slice(before).some(about(issued.registration.id)));
    expect(receiver.received.slice(before).find(about(issued.registration.id))!.headers['webhook-id']).toBe(eventId);
    const again = await t.call(
      'POST',
      `/api/admin/webhook-endpoints/${delivery.endpointId}/deliveries/${delivery.id}/resend`,
      admin,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('delivery_not_failed');
  });

  it('sends a test event to one endpoint, signed with the secret shown when it was added', async () => {
    const other = await startWebhookReceiver();
    try {
      const added = await t.call('POST', '/api/admin/webhook-endpoints', {
        ...admin,
        json: { url: other.url, description: 'CRM', eventTypes: ['survey.submitted'] },
      });
      expect(added.status).toBe(201);
      expect(added.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      const listed = await t.call('GET', '/api/admin/webhook-endpoints', admin);
      expect(JSON.stringify(listed.body)).not.toContain(added.body.secret);

      const test = await t.call('POST', `/api/admin/webhook-endpoints/${added.body.id}/test`, admin);
      expect(test.status).toBe(202);
      await other.waitFor((all) => all.length === 1);
      const payload = new Webhook(added.body.secret).verify(
        other.received[0]!.body,
        other.received[0]!.headers as Record<string, string>,
      );
      expect(payload).toMatchObject({ type: 'webhook.test', data: { endpointId: added.body.id } });
      // The receiver has it; the worker records the answer a moment later.
      const deliveries = await eventually(
        () => t.call('GET', `/api/admin/webhook-endpoints/${added.body.id}/deliveries`, admin),
        (answer) => answer.body.results[0].status !== 'pending',
      );
      expect(deliveries.body.results[0]).toMatchObject({
        eventType: 'webhook.test',
        status: 'delivered',
        lastStatusCode: 200,
        attempts: 1,
      });
      // The test event went to this endpoint alone.
      expect(receiver.received.some((r) => bodyOf(r).type === 'webhook.test')).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('tells an endpoint that heard only completed profiles of an erasure: ids, no personal data', async () => {
    const crm = await startWebhookReceiver();
    const secret = newWebhookSecret();
    const endpointId = newId();
    const ofType = (type: string) => (request: ReceivedWebhook) => bodyOf(request).type === type;
    try {
      await t.database.db
        .insert(webhookEndpoints)
        .values({ id: endpointId, url: crm.url, eventTypes: ['registration.completed'], secret });
      const email = 'erin.erasure@example.com';
      const member = await seedMember(t.database.db, {
        email,
        mobileNumber: '+12015550177',
        firstName: 'Erin',
        lastName: 'Erasure',
      });
      // The receiver holds the profile before the erasure.
      await crm.waitFor((all) => all.some(ofType('registration.completed')));
      expect(crm.received.find(ofType('registration.completed'))!.body).toContain(email);

      await eraseMember(t.database.db, email, { actor: { kind: 'cli' } });
      await crm.waitFor((all) => all.some(ofType('member.erased')));
      const request = crm.received.find(ofType('member.erased'))!;
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toEqual({
        type: 'member.erased',
        timestamp: expect.any(String),
        version: 1,
        data: {
          customerIds: [member.customerId],
          registrationIds: [member.registrationId],
          surveyIds: [member.surveyId],
          erasedAt: expect.any(String),
        },
      });
      expectNoPersonalData(request.body, [
        email,
        'Erin',
        'Erasure',
        '2015550177',
        '12 Harbor Lane',
        'Springfield',
        '62704',
      ]);
      // It heard nothing else it had not subscribed to.
      expect(new Set(crm.received.map((r) => bodyOf(r).type))).toEqual(
        new Set(['registration.completed', 'member.erased']),
      );
      // The event outlived the erasure that wrote it, and is recorded as delivered.
      const [delivery] = await eventually(
        () =>
          t.database.db
            .select()
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.eventId, request.headers['webhook-id'] as string),
                eq(webhookDeliveries.endpointId, endpointId),
              ),
            ),
        ([row]) => row?.status === 'delivered',
      );
      expect(delivery).toMatchObject({ status: 'delivered', lastStatusCode: 200 });
    } finally {
      await crm.close();
    }
  });

  it('refuses to connect to an address on a private network unless allowed, and does not retry it', async () => {
    const policyApp = await startTestApp(driver, {}, { integrations: true });
    const local = await startWebhookReceiver();
    try {
      // Stored as if it had been allowed when added: the check at delivery is the one that counts.
      const endpointId = newId();
      await policyApp.database.db.insert(webhookEndpoints).values({
        id: endpointId,
        url: local.url,
        eventTypes: ['registration.issued'],
        secret: newWebhookSecret(),
      });
      await policyApp.issue();
      const delivery = await eventually(
        async () =>
          (
            await policyApp.database.db
              .select()
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.endpointId, endpointId))
          )[0],
        (row) => row?.status === 'failed',
      );
      expect(delivery).toMatchObject({ status: 'failed', lastError: 'scheme_not_allowed', attempts: 1 });
      expect(local.received).toHaveLength(0);
    } finally {
      await local.close();
      await policyApp.close();
    }
  });
});
