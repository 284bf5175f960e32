import { count, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import {
  customers,
  outboxEvents,
  registrations,
  surveys,
  webhookDeliveries,
  webhookEndpoints,
} from '../../../../server/platform/db/schema';
import { dispatchEvents } from '../../../../server/features/integrations/deliver-webhook';
import { syncEnvironmentEndpoint } from '../../../../server/features/integrations/webhook-endpoints';
import { customerSchema } from '../../../../src/domain/customer';
import { DRIVERS } from '../../helpers/test-database';
import { selectRows } from '../../resilience/support/api-oracle';
import { CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const SURVEY = {
  id: '',
  recommendToOthersScore: 9,
  washQualityScore: 8,
  cleanlinessScore: 7,
  serviceScore: 10,
  valueScore: 6,
  comments: 'Great wash',
};

describe.each(DRIVERS)('the outbox on %s', (driver) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // A receiver configured but with no worker running: events and deliveries wait in the database.
    receiver = await startWebhookReceiver();
    t = await startTestApp(driver, {
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    await syncEnvironmentEndpoint(t.database.db, { url: receiver.url });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const eventsOf = (type: string) => t.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, type));
  const queuedJobs = async () => {
    const [row] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'webhook-event'`,
    );
    return row!.n;
  };
  const jobFor = async (eventId: string) =>
    selectRows<{ state: string }>(
      t.database.db,
      sql`select state from pgboss.job where name = 'webhook-event' and data->>'eventId' = ${eventId}`,
    );
  const deliveriesOf = (eventId: string) =>
    t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));

  it('writes registration.issued with the registration, never its code, and the job that delivers it', async () => {
    const jobsBefore = await queuedJobs();
    const issued = await t.issue();
    const [event] = (await eventsOf('registration.issued')).filter((e) => e.body.includes(issued.registration.id));
    expect(event).toBeDefined();
    const body = JSON.parse(event!.body);
    expect(body).toMatchObject({
      type: 'registration.issued',
      version: 1,
      data: { registration: { id: issued.registration.id, planName: 'Unlimited Wash Club', amount: 29.99 } },
    });
    expect(new Date(body.timestamp).toString()).not.toBe('Invalid Date');
    expect(event!.body).not.toContain(issued.token);
    expect(event!.id).toMatch(/^msg_[\w-]{22}$/);
    expect(await queuedJobs()).toBe(jobsBefore + 1);
    expect(await jobFor(event!.id)).toEqual([{ state: 'created' }]);
    // Its deliveries are made by the job's first try, one to each listening endpoint, pending until tried.
    expect(await deliveriesOf(event!.id)).toHaveLength(0);
    const dispatched = await dispatchEvents(t.database.db, [event!.id]);
    const deliveries = await deliveriesOf(event!.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ status: 'pending', endpointId: expect.any(String) });
    expect(deliveries[0]!.queuedAt.getTime()).toBe(event!.createdAt.getTime());
    expect(dispatched).toEqual([{ deliveryId: deliveries[0]!.id, eventId: event!.id }]);
    // A retry of the job finds them made.
    await dispatchEvents(t.database.db, [event!.id]);
    expect(await deliveriesOf(event!.id)).toHaveLength(1);
  });

  it('writes registration.completed with the profile, vehicle and consent evidence in the same transaction', async () => {
    const issued = await t.issue();
    const res = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { licensePlate: 'abc 123', licensePlateState: 'IL', language: 'es' }),
    });
    expect(res.status).toBe(201);
    const event = (await eventsOf('registration.completed')).find((e) => e.body.includes(res.body.id));
    const body = JSON.parse(event!.body);
    expect(body.data).toMatchObject({
      registration: { id: issued.registration.id, customerId: res.body.id, isManual: false },
      customer: {
        id: res.body.id,
        firstName: 'Dana',
        email: 'dana.whitfield@example.com',
        mobileNumber: '+12015550143',
      },
      vehicle: {
        year: 2019,
        make: 'Toyota',
        model: 'RAV4',
        color: 'Blue',
        licensePlate: 'ABC123',
        licensePlateState: 'IL',
      },
      consent: {
        language: 'es',
        terms: { agreed: true },
        newsletters: { agreed: true },
        smsMessaging: { agreed: false, at: null },
      },
    });
    expect(body.data.registration.completedAt).toBe(body.data.consent.terms.at);
  });

  it('writes no event when the change is refused: a used code is a 409 and adds nothing', async () => {
    const issued = await t.issue();
    await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    const before = (await eventsOf('registration.completed')).length;
    const jobsBefore = await queuedJobs();
    const again = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    expect(again.status).toBe(409);
    expect(await eventsOf('registration.completed')).toHaveLength(before);
    expect(await queuedJobs()).toBe(jobsBefore);
  });

  it('leaves neither event nor job when the transaction rolls back after writing them', async () => {
    const issued = await t.issue();
    const before = (await t.database.db.select({ n: count() }).from(outboxEvents))[0]!.n;
    const jobsBefore = await queuedJobs();
    const submission = v.parse(customerSchema, validCustomer(issued.registration.id));
    await expect(
      t.database.db.transaction(async (tx) => {
        await completeProfile(tx, submission);
        throw new Error('something after it failed');
      }),
    ).rejects.toThrow('something after it failed');
    expect((await t.database.db.select({ n: count() }).from(outboxEvents))[0]!.n).toBe(before);
    expect(await queuedJobs()).toBe(jobsBefore);
  });

  it('fails the change, and keeps nothing of it, when its event cannot be written', async () => {
    const issued = await t.issue();
    const member = await t.issue({ mobileNumber: '+12015550177' });
    const customer = await t.call('POST', '/api/customers', { json: validCustomer(member.registration.id) });
    const surveysBefore = (await t.database.db.select({ n: count() }).from(surveys))[0]!.n;
    await t.database.db.execute(sql`
      create function refuse_outbox_events() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses this event'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_outbox_events before insert on outbox_events execute function refuse_outbox_events()`,
    );
    try {
      const completed = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
      expect(completed.status).toBe(500);
      const [registration] = await t.database.db
        .select()
        .from(registrations)
        .where(eq(registrations.id, issued.registration.id));
      expect(registration).toMatchObject({ isCompleted: false, customerId: null });
      expect(
        await t.database.db.select().from(customers).where(eq(customers.registrationId, issued.registration.id)),
      ).toEqual([]);

      const survey = await t.call('POST', '/api/surveys', { json: { ...SURVEY, customerId: customer.body.id } });
      expect(survey.status).toBe(500);
      expect((await t.database.db.select({ n: count() }).from(surveys))[0]!.n).toBe(surveysBefore);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_outbox_events on outbox_events`);
      await t.database.db.execute(sql`drop function refuse_outbox_events()`);
    }
  });

  it('writes survey.submitted with the answers and the customer id', async () => {
    const issued = await t.issue();
    const customer = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    const survey = await t.call('POST', '/api/surveys', {
      json: { ...SURVEY, customerId: customer.body.id },
    });
    expect(survey.status).toBe(201);
    const event = (await eventsOf('survey.submitted')).find((e) => e.body.includes(survey.body.id));
    expect(JSON.parse(event!.body).data.survey).toMatchObject({
      id: survey.body.id,
      customerId: customer.body.id,
      recommendToOthersScore: 9,
      comments: 'Great wash',
    });
  });

  it('writes no survey.submitted for a survey with no score and no comment, which is stored all the same', async () => {
    const issued = await t.issue();
    const customer = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    const jobsBefore = await queuedJobs();
    const empty = await t.call('POST', '/api/surveys', { json: { customerId: customer.body.id } });
    expect(empty.status).toBe(201);
    expect(await t.database.db.select().from(surveys).where(eq(surveys.id, empty.body.id))).toHaveLength(1);
    expect((await eventsOf('survey.submitted')).filter((e) => e.body.includes(empty.body.id))).toEqual([]);
    expect(await queuedJobs()).toBe(jobsBefore);
  });

  it('does not queue a delivery to a disabled endpoint, nor for a type it does not listen to', async () => {
    const auth = { anonymous: true, headers: { authorization: `Bearer ${CLI_KEY}` } };
    const added = await t.call('POST', '/api/admin/webhook-endpoints', {
      ...auth,
      json: { url: 'http://127.0.0.1:9/only-surveys', eventTypes: ['survey.submitted'] },
    });
    expect(added.status).toBe(201);
    const issued = await t.issue();
    const [event] = (await eventsOf('registration.issued')).filter((e) => e.body.includes(issued.registration.id));
    await dispatchEvents(t.database.db, [event!.id]);
    const deliveries = await deliveriesOf(event!.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries.map((d) => d.endpointId)).not.toContain(added.body.id);
  });

  it('delivers to an endpoint only what happened after it was added, though the job runs later', async () => {
    const issued = await t.issue();
    const [event] = (await eventsOf('registration.issued')).filter((e) => e.body.includes(issued.registration.id));
    // Its job has not run yet (a busy server delays deliveries) when an owner adds another endpoint.
    const added = await t.call('POST', '/api/admin/webhook-endpoints', {
      anonymous: true,
      headers: { authorization: `Bearer ${CLI_KEY}` },
      json: { url: 'http://127.0.0.1:9/added-later', eventTypes: ['registration.issued'] },
    });
    expect(added.status).toBe(201);
    await dispatchEvents(t.database.db, [event!.id]);
    const endpoints = (await deliveriesOf(event!.id)).map((d) => d.endpointId);
    expect(endpoints.length).toBeGreaterThan(0);
    expect(endpoints).not.toContain(added.body.id);
  });

  it('writes an event that no endpoint listens to, and no job for it', async () => {
    const issued = await t.issue();
    const customer = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id) });
    const listening = await t.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.enabled, true))
      .returning({ id: webhookEndpoints.id });
    expect(listening.length).toBeGreaterThan(0);
    try {
      const jobsBefore = await queuedJobs();
      const survey = await t.call('POST', '/api/surveys', { json: { ...SURVEY, customerId: customer.body.id } });
      expect(survey.status).toBe(201);
      const event = (await eventsOf('survey.submitted')).find((e) => e.body.includes(survey.body.id));
      expect(event).toBeDefined();
      expect(await jobFor(event!.id)).toEqual([]);
      expect(await queuedJobs()).toBe(jobsBefore);
    } finally {
      await t.database.db
        .update(webhookEndpoints)
        .set({ enabled: true })
        .where(
          inArray(
            webhookEndpoints.id,
            listening.map((endpoint) => endpoint.id),
          ),
        );
    }
  });
});
