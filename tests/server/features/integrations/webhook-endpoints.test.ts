import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../../../src/domain/webhooks';
import { auditEvents } from '../../../../server/platform/db/schema';
import { outboxEvents, webhookDeliveries, webhookEndpoints } from '../../../../server/platform/db/schema';
import { writeEvent } from '../../../../server/features/integrations/outbox';
import {
  changeEndpoint,
  createEndpoint,
  deleteEndpoint,
  ENVIRONMENT_ENDPOINT_ID,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  sendTestEvent,
  syncEnvironmentEndpoint,
} from '../../../../server/features/integrations/webhook-endpoints';
import { ApiError } from '../../../../server/platform/http/api-error';
import { WEBHOOK_MESSAGES } from '../../../../src/domain/webhooks';
import { addStaff, sessionOf } from '../../helpers/staff-session';
import { EMBEDDED_ONLY } from '../../helpers/test-database';
import { startTestApp, type TestApp } from '../../helpers/test-app';

describe.each(EMBEDDED_ONLY)('/api/admin/webhook-endpoints on %s', (driver) => {
  let t: TestApp;
  let owner: Record<string, string>;
  let manager: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(driver);
    await addStaff(t, { email: 'owner@wash.example', role: 'owner' });
    await addStaff(t, { email: 'manager@wash.example', role: 'manager', sites: ['7'] });
    owner = await sessionOf(t, 'owner@wash.example');
    manager = await sessionOf(t, 'manager@wash.example');
  });
  afterAll(() => t.close());

  /** How many webhook-delivery jobs there are for a delivery. */
  const jobsAbout = async (deliveryId: string) => {
    const result: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' = ${deliveryId}`,
    );
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };
  const as = (headers: Record<string, string>, json?: unknown) => ({ anonymous: true, headers, json });

  it.each([
    ['http://pos.example.com/hooks', WEBHOOK_MESSAGES.httpsOnly],
    ['https://127.0.0.1/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://10.1.2.3/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost./hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://pos.localhost./hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::127.0.0.1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[64:ff9b::10.1.2.3]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['https://[2002:7f00:1::1]/hooks', WEBHOOK_MESSAGES.privateAddress],
    ['not a url', WEBHOOK_MESSAGES.url],
  ])('refuses %s with a message at the field', async (url, message) => {
    const res = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url, eventTypes: ['survey.submitted'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', issues: { url: message } });
  });

  it('asks for at least one event', async () => {
    const res = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url: 'https://pos.example.com/hooks', eventTypes: [] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual({ eventTypes: WEBHOOK_MESSAGES.eventTypes });
  });

  it('lets an owner add, switch off, change and delete an endpoint, each audited', async () => {
    const added = await t.call(
      'POST',
      '/api/admin/webhook-endpoints',
      as(owner, { url: 'https://pos.example.com/hooks', eventTypes: ['survey.submitted', 'registration.issued'] }),
    );
    expect(added.status).toBe(201);
    // Listed in the order the specification lists the types, whatever order they came in.
    expect(added.body).toMatchObject({
      url: 'https://pos.example.com/hooks',
      eventTypes: ['registration.issued', 'survey.submitted'],
      enabled: true,
      source: 'console',
    });
    const id = added.body.id as string;
    const off = await t.call('PATCH', `/api/admin/webhook-endpoints/${id}`, as(owner, { enabled: false }));
    expect(off.body.enabled).toBe(false);
    const test = await t.call('POST', `/api/admin/webhook-endpoints/${id}/test`, as(owner));
    expect(test.status).toBe(409);
    expect(test.body.error.code).toBe('endpoint_disabled');
    const changed = await t.call(
      'PATCH',
      `/api/admin/webhook-endpoints/${id}`,
      as(owner, { eventTypes: ['registration.completed'] }),
    );
    expect(changed.body.eventTypes).toEqual(['registration.completed']);
    expect((await t.call('DELETE', `/api/admin/webhook-endpoints/${id}`, as(owner))).status).toBe(204);
    expect((await t.call('GET', `/api/admin/webhook-endpoints/${id}/deliveries`, as(owner))).status).toBe(404);

    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, id)));
    expect(audited.map((row) => row.action)).toEqual([
      'webhook_endpoint_added',
      'webhook_endpoint_changed',
      'webhook_endpoint_changed',
      'webhook_endpoint_deleted',
    ]);
  });

  it('keeps every endpoint route from a manager, who may still read what the server can send', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/webhook-endpoints'],
      ['POST', '/api/admin/webhook-endpoints'],
      ['PATCH', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`],
      ['DELETE', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`],
      ['GET', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}/deliveries`],
      ['POST', `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}/test`],
    ] as const) {
      const res = await t.call(method, path, as(manager, method === 'POST' || method === 'PATCH' ? {} : undefined));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const settings = await t.call('GET', '/api/admin/integrations', as(manager));
    expect(settings.body).toEqual({ smsEnabled: false, allowPrivateNetworks: false });
  });

  it("shows WEBHOOK_URL's endpoint, subscribed to everything and read-only, and switches it off when unset", async () => {
    await syncEnvironmentEndpoint(t.database.db, { url: 'https://crm.example.com/in' });
    const listed = await t.call('GET', '/api/admin/webhook-endpoints', as(owner));
    expect(listed.body.results).toContainEqual(
      expect.objectContaining({
        id: ENVIRONMENT_ENDPOINT_ID,
        url: 'https://crm.example.com/in',
        source: 'environment',
        enabled: true,
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      }),
    );
    const edit = await t.call(
      'PATCH',
      `/api/admin/webhook-endpoints/${ENVIRONMENT_ENDPOINT_ID}`,
      as(owner, { enabled: false }),
    );
    expect(edit.status).toBe(403);
    await syncEnvironmentEndpoint(t.database.db, undefined);
    const after = await t.call('GET', '/api/admin/webhook-endpoints', as(owner));
    const results = after.body.results as { id: string; enabled: boolean }[];
    expect(results.find((e) => e.id === ENVIRONMENT_ENDPOINT_ID)!.enabled).toBe(false);
  });

  it('answers 404 for an id that names no endpoint', async () => {
    expect((await t.call('GET', '/api/admin/webhook-endpoints/nope/deliveries', as(owner))).status).toBe(404);
    const unknown = '11111111-1111-4111-8111-111111111111';
    expect((await t.call('POST', `/api/admin/webhook-endpoints/${unknown}/test`, as(owner))).status).toBe(404);
  });

  describe('the endpoint functions, called directly', () => {
    const STRICT = { allowPrivateNetworks: false };
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: unknown) => error,
      );
    const added = () =>
      createEndpoint(
        t.database.db,
        { url: 'https://crm.example.com/hooks', description: 'CRM', eventTypes: ['survey.submitted'] },
        STRICT,
      );

    it('adds an endpoint with a fresh secret, shown once, and lists it', async () => {
      const endpoint = await added();
      expect(endpoint).toEqual({
        id: expect.any(String),
        url: 'https://crm.example.com/hooks',
        description: 'CRM',
        eventTypes: ['survey.submitted'],
        enabled: true,
        source: 'console',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
      });
      const listed = await listEndpoints(t.database.db);
      const { secret, ...shown } = endpoint;
      expect(listed).toContainEqual(shown);
      expect(JSON.stringify(listed)).not.toContain(secret);
    });

    it.each([
      ['http://crm.example.com/hooks', WEBHOOK_MESSAGES.httpsOnly],
      ['https://10.0.0.1/hooks', WEBHOOK_MESSAGES.privateAddress],
      ['https://user:pw@crm.example.com/hooks', WEBHOOK_MESSAGES.url],
    ])('refuses %s with the message for its field', async (url, message) => {
      const error = await refusal(
        createEndpoint(t.database.db, { url, description: '', eventTypes: ['survey.submitted'] }, STRICT),
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', issues: { url: message } });
    });

    it('takes a private address where private networks are allowed', async () => {
      const endpoint = await createEndpoint(
        t.database.db,
        { url: 'http://127.0.0.1:9/hooks', description: '', eventTypes: ['survey.submitted'] },
        { allowPrivateNetworks: true },
      );
      expect(endpoint.url).toBe('http://127.0.0.1:9/hooks');
    });

    it('answers 404 for an endpoint that does not exist, and 403 for the one WEBHOOK_URL sets', async () => {
      const unknown = '22222222-2222-4222-8222-222222222222';
      for (const attempt of [
        changeEndpoint(t.database.db, unknown, { enabled: false }),
        deleteEndpoint(t.database.db, unknown),
        listDeliveries(t.database.db, unknown),
        sendTestEvent(t.database.db, unknown),
      ]) {
        expect(await refusal(attempt)).toMatchObject({
          status: 404,
          code: 'not_found',
          message: 'There is no such webhook endpoint.',
        });
      }
      await syncEnvironmentEndpoint(t.database.db, { url: 'https://crm.example.com/in' });
      const forbidden = {
        status: 403,
        code: 'forbidden',
        message: 'This endpoint is set by WEBHOOK_URL; change the environment instead.',
      };
      expect(await refusal(changeEndpoint(t.database.db, ENVIRONMENT_ENDPOINT_ID, { enabled: false }))).toMatchObject(
        forbidden,
      );
      expect(await refusal(deleteEndpoint(t.database.db, ENVIRONMENT_ENDPOINT_ID))).toMatchObject(forbidden);
      expect((await listEndpoints(t.database.db)).find((e) => e.id === ENVIRONMENT_ENDPOINT_ID)).toMatchObject({
        enabled: true,
      });
    });

    it('changes what an endpoint hears and whether it is on, and deletes it', async () => {
      const endpoint = await added();
      expect(await changeEndpoint(t.database.db, endpoint.id, { eventTypes: ['registration.issued'] })).toMatchObject({
        id: endpoint.id,
        eventTypes: ['registration.issued'],
        enabled: true,
      });
      expect(await changeEndpoint(t.database.db, endpoint.id, { enabled: false })).toMatchObject({
        eventTypes: ['registration.issued'],
        enabled: false,
      });
      await deleteEndpoint(t.database.db, endpoint.id);
      expect((await listEndpoints(t.database.db)).map((e) => e.id)).not.toContain(endpoint.id);
    });

    it('sends a test event to an enabled endpoint alone, and refuses a disabled one', async () => {
      const endpoint = await added();
      const delivery = await sendTestEvent(t.database.db, endpoint.id);
      expect(delivery).toEqual({
        id: expect.any(String),
        eventId: expect.stringMatching(/^msg_/),
        eventType: 'webhook.test',
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        lastAttemptAt: null,
        deliveredAt: null,
        createdAt: expect.any(String),
      });
      const [event] = await t.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, delivery.eventId));
      expect(JSON.parse(event!.body)).toMatchObject({
        type: 'webhook.test',
        data: {
          endpointId: endpoint.id,
          message: 'A test event from Club Profile: this endpoint is reachable and verifies our signature.',
        },
      });
      expect(await jobsAbout(delivery.id)).toBe(1);
      await changeEndpoint(t.database.db, endpoint.id, { enabled: false });
      expect(await refusal(sendTestEvent(t.database.db, endpoint.id))).toMatchObject({
        status: 409,
        code: 'endpoint_disabled',
        message: 'Enable the endpoint to send it a test event.',
      });
    });

    it("lists an endpoint's last 20 deliveries, newest first, with their outcome", async () => {
      const endpoint = await added();
      const eventId = await writeEvent(t.database.db, 'survey.submitted', {});
      const start = Date.UTC(2026, 0, 1);
      await t.database.db.insert(webhookDeliveries).values(
        Array.from({ length: 21 }, (_, i) => ({
          id: `delivery-${String(i).padStart(2, '0')}`,
          eventId,
          endpointId: endpoint.id,
          createdAt: new Date(start + i * 1000),
        })),
      );
      await t.database.db
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          attempts: 2,
          lastStatusCode: 200,
          lastError: 'http_503',
          lastAttemptAt: new Date(start + 60_000),
          deliveredAt: new Date(start + 61_000),
        })
        .where(eq(webhookDeliveries.id, 'delivery-20'));
      const listed = await listDeliveries(t.database.db, endpoint.id);
      expect(listed).toHaveLength(20);
      expect(listed.map((d) => d.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => `delivery-${String(20 - i).padStart(2, '0')}`),
      );
      expect(listed[0]).toEqual({
        id: 'delivery-20',
        eventId,
        eventType: 'survey.submitted',
        status: 'delivered',
        attempts: 2,
        lastStatusCode: 200,
        lastError: 'http_503',
        lastAttemptAt: '2026-01-01T00:01:00.000Z',
        deliveredAt: '2026-01-01T00:01:01.000Z',
        createdAt: '2026-01-01T00:00:20.000Z',
      });
    });

    it('sends a failed delivery again with a new day of tries, and refuses any other', async () => {
      const endpoint = await added();
      const other = await added();
      const delivery = await sendTestEvent(t.database.db, endpoint.id);
      expect(await refusal(resendDelivery(t.database.db, endpoint.id, delivery.id))).toMatchObject({
        status: 409,
        code: 'delivery_not_failed',
        message: 'Only a failed delivery can be sent again.',
      });
      expect(await jobsAbout(delivery.id)).toBe(1);
      const longAgo = new Date('2026-01-01T00:00:00Z');
      await t.database.db
        .update(webhookDeliveries)
        .set({ status: 'failed', queuedAt: longAgo })
        .where(eq(webhookDeliveries.id, delivery.id));
      expect(await refusal(resendDelivery(t.database.db, other.id, delivery.id))).toMatchObject({
        status: 404,
        code: 'not_found',
        message: 'There is no such delivery.',
      });
      const resent = await resendDelivery(t.database.db, endpoint.id, delivery.id);
      expect(resent).toMatchObject({ id: delivery.id, eventId: delivery.eventId, status: 'pending' });
      const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      expect(row!.queuedAt.getTime()).toBeGreaterThan(longAgo.getTime());
      expect(await jobsAbout(delivery.id)).toBe(2);
    });

    it("brings WEBHOOK_URL's endpoint up to date, enabled and unsigned, whatever it was", async () => {
      await syncEnvironmentEndpoint(t.database.db, undefined);
      await syncEnvironmentEndpoint(t.database.db, { url: 'https://crm.example.com/v2' });
      const [row] = await t.database.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, ENVIRONMENT_ENDPOINT_ID));
      expect(row).toMatchObject({
        url: 'https://crm.example.com/v2',
        description: 'WEBHOOK_URL',
        eventTypes: [...WEBHOOK_EVENT_TYPES],
        secret: null,
        enabled: true,
        source: 'environment',
      });
    });
  });
});
