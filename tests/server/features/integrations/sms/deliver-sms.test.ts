import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages } from '../../../../../server/platform/db/schema';
import {
  deliverSms,
  noProvider,
  SmsNotSent,
  type SmsContext,
} from '../../../../../server/features/integrations/sms/deliver-sms';
import { findRegistrationSms, queueRegistrationSms } from '../../../../../server/features/integrations/sms/queue-sms';
import { SmsProviderError } from '../../../../../server/platform/outbound/twilio';
import { EMBEDDED_ONLY } from '../../../helpers/test-database';
import { startTestApp, type TestApp } from '../../../helpers/test-app';

const NOW = new Date('2026-03-01T12:00:00.000Z');

describe.each(EMBEDDED_ONLY)('one try at texting a registration link, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  /** A registration with a queued text; answers the message id and the link's code. */
  const queued = async () => {
    const issued = await t.issue();
    await t.database.db.transaction((tx) => queueRegistrationSms(tx, issued.registration.id, issued.token));
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, issued.registration.id), eq(smsMessages.kind, 'code')));
    return { id: row!.id, token: issued.token, registrationId: issued.registration.id, createdAt: row!.createdAt };
  };
  const messageRow = async (id: string) =>
    (await t.database.db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
  /** A sender that records what it was asked to send, and answers `result`. */
  const recording = (result: () => Promise<{ providerMessageId: string; status: string }>) => {
    const sent: { to: string; body: string }[] = [];
    return {
      sent,
      sender: {
        send: (message: { to: string; body: string }) => {
          sent.push(message);
          return result();
        },
      },
    };
  };
  const contextWith = (sender: SmsContext['sender'], now = NOW): SmsContext => ({
    db: t.database.db,
    sender,
    template: '{operator} says: {link}',
    operatorName: 'Brightwater',
    publicUrl: 'https://club.example',
    now: () => now,
  });

  it('sends the filled template to the registration number, then marks it sent and erases the code', async () => {
    const message = await queued();
    const { sent, sender } = recording(() => Promise.resolve({ providerMessageId: 'SM1', status: 'queued' }));
    await deliverSms(contextWith(sender), message.id, 0);
    expect(sent).toEqual([{ to: '+12015550143', body: `Brightwater says: https://club.example/?id=${message.token}` }]);
    expect(await messageRow(message.id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      providerMessageId: 'SM1',
      errorCode: null,
      linkToken: null,
      sentAt: NOW,
      updatedAt: NOW,
    });
    expect(await findRegistrationSms(t.database.db, message.registrationId)).toEqual({
      status: 'sent',
      errorCode: null,
      attempts: 1,
      sentAt: NOW.toISOString(),
    });
    // Sent is done: another try sends nothing.
    await deliverSms(contextWith(sender), message.id, 1);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing for a message that does not exist or has lost its code', async () => {
    const { sent, sender } = recording(() => Promise.resolve({ providerMessageId: 'SM2', status: 'queued' }));
    await deliverSms(contextWith(sender), 'no-such-message', 0);
    const message = await queued();
    await t.database.db.update(smsMessages).set({ linkToken: null }).where(eq(smsMessages.id, message.id));
    await deliverSms(contextWith(sender), message.id, 0);
    expect(sent).toEqual([]);
    expect(await messageRow(message.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('keeps a text the provider could not take for now, and has the job retried', async () => {
    const message = await queued();
    const { sender } = recording(() => Promise.reject(new SmsProviderError('http_503', true)));
    const error = await deliverSms(contextWith(sender), message.id, 0).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SmsNotSent);
    expect(error).toMatchObject({ code: 'http_503', name: 'SmsNotSent', message: 'Text message not sent: http_503' });
    expect(await messageRow(message.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      errorCode: 'http_503',
      linkToken: message.token,
      sentAt: null,
      updatedAt: NOW,
    });
  });

  it('retries an unexpected failure as request_failed', async () => {
    const message = await queued();
    const { sender } = recording(() => Promise.reject(new Error('socket hang up')));
    await expect(deliverSms(contextWith(sender), message.id, 0)).rejects.toMatchObject({ code: 'request_failed' });
    expect(await messageRow(message.id)).toMatchObject({ status: 'queued', errorCode: 'request_failed' });
  });

  it('gives up at once on a refusal no retry can mend, erasing the code', async () => {
    const message = await queued();
    const { sender } = recording(() => Promise.reject(new SmsProviderError('21211', false)));
    await expect(deliverSms(contextWith(sender), message.id, 0)).resolves.toBeUndefined();
    expect(await messageRow(message.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: '21211',
      linkToken: null,
      updatedAt: NOW,
    });
  });

  it('gives up on a retryable failure once no retry could start within the day, counting from when it was queued', async () => {
    const message = await queued();
    const justInTime = new Date(message.createdAt.getTime() + 24 * 60 * 60 * 1000 - 11_000);
    await expect(deliverSms(contextWith(noProvider, justInTime), message.id, 0)).rejects.toBeInstanceOf(SmsNotSent);
    expect(await messageRow(message.id)).toMatchObject({ status: 'queued', attempts: 1, linkToken: message.token });
    const tooLate = new Date(message.createdAt.getTime() + 24 * 60 * 60 * 1000 - 9_000);
    await expect(deliverSms(contextWith(noProvider, tooLate), message.id, 0)).resolves.toBeUndefined();
    expect(await messageRow(message.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      errorCode: 'sms_unavailable',
      linkToken: null,
    });
  });
});

describe.each(EMBEDDED_ONLY)('queueing the text of a registration link, on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  it('writes the message with its code, and the job that sends it', async () => {
    const issued = await t.issue();
    const status = await t.database.db.transaction((tx) =>
      queueRegistrationSms(tx, issued.registration.id, issued.token),
    );
    expect(status).toEqual({ status: 'queued', errorCode: null, attempts: 0, sentAt: null });
    const [row] = await t.database.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, issued.registration.id), eq(smsMessages.kind, 'code')));
    expect(row).toMatchObject({ status: 'queued', linkToken: issued.token });
    const jobs: unknown = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'sms-delivery' and data->>'messageId' = ${row!.id}`,
    );
    expect((jobs as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('finds the latest text of a registration, and none for one never texted', async () => {
    const issued = await t.issue();
    expect(await findRegistrationSms(t.database.db, issued.registration.id)).toBeNull();
    await t.database.db.transaction((tx) => queueRegistrationSms(tx, issued.registration.id, issued.token));
    await t.database.db
      .update(smsMessages)
      .set({ status: 'failed', errorCode: '21211', attempts: 1, createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(and(eq(smsMessages.registrationId, issued.registration.id), eq(smsMessages.kind, 'code')));
    await t.database.db.transaction((tx) => queueRegistrationSms(tx, issued.registration.id, issued.token));
    expect(await findRegistrationSms(t.database.db, issued.registration.id)).toEqual({
      status: 'queued',
      errorCode: null,
      attempts: 0,
      sentAt: null,
    });
  });
});
