import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import { registrations, smsMessages } from '../../../../server/platform/db/schema';
import { deliverSms, noProvider, SmsNotSent } from '../../../../server/features/integrations/sms/deliver-sms';
import { queueRegistrationSms } from '../../../../server/features/integrations/sms/queue-sms';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { DRIVERS, EMBEDDED_ONLY } from '../../helpers/test-database';
import { ADMIN_API_KEY, startTestApp, type TestApp } from '../../helpers/test-app';
import { startFakeTwilio } from './support/fake-twilio';
import { eventually } from './support/eventually';
import { jobsSettled } from './support/pending-jobs';
import { retryFaster } from './support/retry-faster';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-test-auth-token';
const admin = { anonymous: true, headers: { authorization: `Bearer ${ADMIN_API_KEY}` } };
const sale = (mobileNumber: string) => ({
  mobileNumber,
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-15',
  siteId: '7',
  send: 'sms',
});

/**
 * The engines' suites run side by side (describe.concurrent), as much of their time is spent waiting for a retry;
 * within each, the tests run one after the other, sharing its app and provider.
 */
const it = vitestIt.sequential;

describe.concurrent.each(DRIVERS)('the registration link by text message on %s', (driver) => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await startTestApp(
      driver,
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_BASE: twilio.url,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        OPERATOR_NAME: 'Brightwater Car Wash',
      },
      { integrations: true },
    );
    await retryFaster(t.database);
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });
  afterEach(() => twilio.requests.splice(0));

  const smsOf = async (registrationId: string) =>
    (
      await t.database.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.registrationId, registrationId), eq(smsMessages.kind, 'code')))
    )[0]!;
  /** The registration's text once it is no longer `queued`, or as it stands after 30 s. */
  const settledSms = (registrationId: string) =>
    eventually(
      () => smsOf(registrationId),
      (sms) => sms.status !== 'queued',
      30_000,
    );

  it("texts the link through Twilio's Messages API, in its documented format, and reports it sent", async () => {
    const issued = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: sale('+1 201 555 0143') });
    expect(issued.status).toBe(201);
    expect(issued.body.sms).toEqual({ status: 'queued', errorCode: null, attempts: 0, sentAt: null });
    expect((await settledSms(issued.body.registration.id)).status).toBe('sent');

    expect(twilio.requests).toHaveLength(1);
    const request = twilio.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    const form = new URLSearchParams(request.body);
    expect(form.get('To')).toBe('+12015550143');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toContain('Brightwater Car Wash');
    expect(form.get('Body')).toContain(issued.body.url);
    expect(form.get('Body')).toMatch(/Reply STOP to opt out\.$/);

    const progress = await t.call('GET', `/api/admin/registrations/${issued.body.registration.id}`, admin);
    expect(progress.body.sms).toMatchObject({ status: 'sent', errorCode: null, attempts: 1 });
    // Sent: the code is gone from the message row; only the registration's hash of it remains.
    expect((await smsOf(issued.body.registration.id)).linkToken).toBeNull();
    expect(t.logs.join('\n')).not.toContain('5550143');
    expect(t.logs.join('\n')).not.toContain(issued.body.token);
  });

  it('retries a provider that fails, and sends once it answers', async () => {
    twilio.failNext(503, { code: 20503, message: 'Service unavailable' }, 2);
    const issued = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: sale('+12015550144') });
    expect((await settledSms(issued.body.registration.id)).status).toBe('sent');
    expect(twilio.requests).toHaveLength(3);
    expect((await smsOf(issued.body.registration.id)).attempts).toBe(3);
  });

  it("gives up on a number the provider refuses, with the provider's error code", async () => {
    twilio.failNext(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }, 1);
    const issued = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: sale('+12015550145') });
    expect((await settledSms(issued.body.registration.id)).status).toBe('failed');
    const progress = await t.call('GET', `/api/admin/registrations/${issued.body.registration.id}`, admin);
    expect(progress.body.sms).toMatchObject({ status: 'failed', errorCode: '21211', attempts: 1 });
    const sms = await smsOf(issued.body.registration.id);
    expect(sms.linkToken).toBeNull();
    // Given up means done: no retry is left queued, and no second request came.
    expect(await jobsSettled(t.database, QUEUES.smsDelivery, { messageId: sms.id })).toBe(0);
    expect(twilio.requests).toHaveLength(1);
  });
});

describe.each(EMBEDDED_ONLY)('send: "sms" without a provider on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('is refused with 422 sms_unavailable, and nothing is written', async () => {
    const before = (await t.database.db.select({ n: count() }).from(registrations))[0]!.n;
    const res = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: sale('+12015550143') });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('sms_unavailable');
    expect((await t.database.db.select({ n: count() }).from(registrations))[0]!.n).toBe(before);
  });
});

describe.each(EMBEDDED_ONLY)('a text queued before the provider was unset, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('is retried as in an outage, with the code sms_unavailable, then marked failed and its code erased', async () => {
    const issued = await t.issue();
    const message = await t.database.db.transaction((tx) =>
      queueRegistrationSms(tx, issued.registration.id, issued.token),
    );
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, issued.registration.id), eq(smsMessages.kind, 'code')));
    const context = {
      db: t.database.db,
      sender: noProvider,
      template: '{operator}: {link}',
      operatorName: 'Brightwater Car Wash',
      publicUrl: 'http://localhost:3000',
    };
    expect(message.status).toBe('queued');

    await expect(deliverSms(context, row!.id, 0)).rejects.toBeInstanceOf(SmsNotSent);
    const retried = (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, row!.id)))[0]!;
    expect(retried).toMatchObject({ status: 'queued', errorCode: 'sms_unavailable', attempts: 1 });
    expect(retried.linkToken).toBe(issued.token);

    // The try after which no retry could start within the day gives up.
    await deliverSms(context, row!.id, 14);
    const failed = (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, row!.id)))[0]!;
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'sms_unavailable', attempts: 2, linkToken: null });
  });
});
