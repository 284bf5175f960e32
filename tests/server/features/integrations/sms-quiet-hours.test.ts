import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSendTime } from '../../../../src/domain/quiet-hours';
import { sites, smsMessages } from '../../../../server/platform/db/schema';
import { deliverSms, type SmsContext } from '../../../../server/features/integrations/sms/deliver-sms';
import { receiveText } from '../../../../server/features/integrations/sms/sms-opt-out';
import { JOB_SCHEMA, QUEUES } from '../../../../server/platform/jobs/queues';
import { issueRegistration } from '../../../../server/features/registrations/issue-registration';
import { DRIVERS } from '../../helpers/test-database';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

// Issue 26, part 4: quiet hours. A fixed clock throughout; the delivery is called as the worker calls it.

const bearer = (key: string) => ({ anonymous: true, headers: { authorization: `Bearer ${key}` } });
/** The point-of-sale's key; and the command line's, which acts for the operator as an owner does. */
const admin = bearer(ADMIN_API_KEY);
const owner = bearer(CLI_KEY);
const sale = {
  mobileNumber: '+12015550150',
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-15',
  siteId: 'ny',
  sourceSystem: 'test',
  isReturningCustomer: false,
  send: 'sms' as const,
};
/** 22:30 EDT on 30 June 2026, and 08:00 EDT the next morning. */
const LATE_EVENING = new Date('2026-07-01T02:30:00.000Z');
const NEXT_OPENING = new Date('2026-07-01T12:00:00.000Z');

describe.each(DRIVERS)('texts and quiet hours on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'twilio-test-auth-token',
      TWILIO_FROM: '+15005550006',
      SMS_WINDOW: '08:00-21:00',
      DEFAULT_TIMEZONE: 'America/Chicago',
      // The fixed clock's codes are still open when the profile is completed on the real one.
      TOKEN_TTL_DAYS: '3650',
    });
    await t.database.db
      .insert(sites)
      .values({ id: 'ny', name: 'Manhattan', timeZone: 'America/New_York', named: true });
  });
  afterAll(() => t.close());

  const sent: { to: string; body: string }[] = [];
  const at = (now: Date): SmsContext => ({
    db: t.database.db,
    sender: {
      send: (message) => {
        sent.push(message);
        return Promise.resolve({ providerMessageId: `SM${sent.length}`, status: 'queued' });
      },
    },
    template: '{operator}: {link}',
    operatorName: 'Brightwater',
    publicUrl: 'https://club.example',
    now: () => now,
    quietHours: { defaultTimeZone: t.env.defaultTimeZone, smsWindow: t.env.smsWindow },
  });
  const issueAt = (now: Date, mobileNumber: string, siteId = 'ny') =>
    issueRegistration(t.database.db, { ...sale, mobileNumber, siteId }, { ...t.env, smsEnabled: true, now });
  const messageOf = async (registrationId: string) =>
    (
      await t.database.db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.registrationId, registrationId), eq(smsMessages.kind, 'code')))
    )[0]!;
  /** When each delivery job of the message may start. */
  const jobStarts = async (messageId: string) => {
    const result: unknown = await t.database.db.execute(
      sql`select start_after from ${sql.raw(JOB_SCHEMA)}.job
          where name = ${QUEUES.smsDelivery} and data->>'messageId' = ${messageId}`,
    );
    // Both drivers answer `{ rows }`; PGlite's dates are Dates, node-postgres's too, or text on some setups.
    return (result as { rows: { start_after: Date | string }[] }).rows.map((row) =>
      new Date(row.start_after).toISOString(),
    );
  };

  it('schedules a text asked for at 22:30 on the site’s clock for 08:00 the next morning, and sends nothing before', async () => {
    const issued = await issueAt(LATE_EVENING, '+12015550150');
    expect(issued.sms).toEqual({
      status: 'queued',
      errorCode: null,
      attempts: 0,
      sentAt: null,
      scheduledFor: NEXT_OPENING.toISOString(),
    });
    const message = await messageOf(issued.registration.id);
    expect(message.scheduledFor).toEqual(NEXT_OPENING);
    expect(await jobStarts(message.id)).toEqual([NEXT_OPENING.toISOString()]);

    // A try at 07:59 (a worker whose clock runs ahead, a job started early) sends nothing and adds no job.
    sent.length = 0;
    await deliverSms(at(new Date('2026-07-01T11:59:00.000Z')), message.id, 0);
    expect(sent).toEqual([]);
    expect(await messageOf(issued.registration.id)).toMatchObject({ status: 'queued', scheduledFor: NEXT_OPENING });
    expect(await jobStarts(message.id)).toEqual([NEXT_OPENING.toISOString()]);

    await deliverSms(at(NEXT_OPENING), message.id, 0);
    expect(sent).toEqual([{ to: '+12015550150', body: `Brightwater: ${issued.url}` }]);
    expect(await messageOf(issued.registration.id)).toMatchObject({ status: 'sent', sentAt: NEXT_OPENING });
  });

  it('moves a delivery that fires in quiet hours to the next opening instead of sending', async () => {
    // Asked at 12:00 EDT: it goes at once.
    const issued = await issueAt(new Date('2026-07-01T16:00:00.000Z'), '+12015550151');
    expect(issued.sms).not.toHaveProperty('scheduledFor');
    const message = await messageOf(issued.registration.id);
    expect(message.scheduledFor).toBeNull();

    // Its job runs late, at 21:30 EDT (a queue backed up, a provider retried): 08:00 EDT on 2 July.
    sent.length = 0;
    const late = at(new Date('2026-07-02T01:30:00.000Z'));
    await deliverSms(late, message.id, 3);
    expect(sent).toEqual([]);
    const opening = new Date('2026-07-02T12:00:00.000Z');
    expect(await messageOf(issued.registration.id)).toMatchObject({ status: 'queued', scheduledFor: opening });
    // Its first job, and one that starts at the opening.
    expect(await jobStarts(message.id)).toHaveLength(2);
    expect(await jobStarts(message.id)).toContain(opening.toISOString());
    // The same try run again (its worker died before pg-boss heard it finish) adds no second job.
    await deliverSms(late, message.id, 3);
    expect(await jobStarts(message.id)).toHaveLength(2);

    const progress = await t.call('GET', `/api/admin/registrations/${issued.registration.id}`, owner);
    expect(progress.body.sms).toMatchObject({ status: 'queued', scheduledFor: opening.toISOString() });
  });

  it('cancels a scheduled text when the profile is completed first', async () => {
    const issued = await issueAt(LATE_EVENING, '+12015550152');
    const joined = await t.call('POST', '/api/customers', { json: validCustomer(issued.registration.id, {}) });
    expect(joined.status).toBe(201);
    expect(await messageOf(issued.registration.id)).toMatchObject({
      status: 'failed',
      errorCode: 'registration_completed',
      linkToken: null,
    });
    sent.length = 0;
    await deliverSms(at(NEXT_OPENING), (await messageOf(issued.registration.id)).id, 0);
    expect(sent).toEqual([]);
  });

  it('cancels a scheduled text when the number opts out first', async () => {
    const issued = await issueAt(LATE_EVENING, '+12015550153');
    await receiveText(t.database.db, {
      messageSid: 'SMquiet0001',
      from: '+12015550153',
      to: '+15005550006',
      body: 'STOP',
      receivedAt: new Date('2026-07-01T03:00:00.000Z'),
    });
    expect(await messageOf(issued.registration.id)).toMatchObject({ status: 'failed', errorCode: 'sms_opted_out' });
    sent.length = 0;
    await deliverSms(at(NEXT_OPENING), (await messageOf(issued.registration.id)).id, 0);
    expect(sent).toEqual([]);
  });

  it('follows a site’s own window, set by an owner, and answers the point-of-sale with the time it goes out', async () => {
    // A window the real clock is outside of, for the hour this runs at: the route reads the time itself.
    const hour = new Date().getUTCHours();
    const smsWindow = hour < 12 ? { start: '13:00', end: '14:00' } : { start: '01:00', end: '02:00' };
    await t.call('POST', '/api/admin/sites', { ...owner, json: { id: 'utc-1', name: 'Greenwich', timeZone: 'UTC' } });
    const refused = await t.call('PATCH', '/api/admin/sites/utc-1', {
      ...owner,
      json: { smsWindow: { start: '21:00', end: '08:00' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual({ 'smsWindow.end': 'The sending window must end after it starts' });
    const changed = await t.call('PATCH', '/api/admin/sites/utc-1', { ...owner, json: { smsWindow } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ timeZone: 'UTC', smsWindow });

    const issued = await t.call('POST', '/api/admin/registration-tokens', {
      ...admin,
      json: { ...sale, mobileNumber: '+12015550154', siteId: 'utc-1' },
    });
    expect(issued.status).toBe(201);
    const expected = nextSendTime(new Date(), 'UTC', smsWindow).toISOString();
    expect(expected.slice(11)).toBe(`${smsWindow.start}:00.000Z`);
    expect(issued.body.sms).toMatchObject({ status: 'queued', scheduledFor: expected });

    // Back to SMS_WINDOW; a site without a zone follows DEFAULT_TIMEZONE.
    const reset = await t.call('PATCH', '/api/admin/sites/utc-1', { ...owner, json: { smsWindow: null } });
    expect(reset.body.smsWindow).toEqual({ start: '08:00', end: '21:00' });
    // 22:30 in Chicago (CDT) on a site the point-of-sale names first: 08:00 CDT.
    const stray = await issueAt(new Date('2026-07-01T03:30:00.000Z'), '+12015550155', 'stray-9');
    expect(stray.sms?.scheduledFor).toBe('2026-07-01T13:00:00.000Z');
  });
});
