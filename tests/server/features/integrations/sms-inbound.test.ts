import * as v from 'valibot';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it as vitestIt } from 'vitest';
import { customerSchema } from '../../../../src/domain/customer';
import { SMS_KEYWORDS } from '../../../../src/domain/sms-keywords';
import { createApp } from '../../../../server/app';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import {
  consentHistory,
  customers,
  outboxEvents,
  registrations,
  smsInboundMessages,
  smsMessages,
  smsSuppressions,
} from '../../../../server/platform/db/schema';
import { deliverSms } from '../../../../server/features/integrations/sms/deliver-sms';
import { queueRegistrationSms } from '../../../../server/features/integrations/sms/queue-sms';
import { createTwilioSender } from '../../../../server/platform/outbound/twilio';
import type { LimitStore } from '../../../../server/platform/limits/limit-store';
import { createThrottles } from '../../../../server/platform/limits/throttles';
import { twilioSignature } from '../../../../server/platform/outbound/twilio-signature';
import { parseEnv } from '../../../../server/env';
import { eraseMember } from '../../../../server/features/members/erase-member';
import { exportMember } from '../../../../server/features/members/export-member';
import { runRetention } from '../../../../server/features/retention/run-retention';
import { twilioRoutes } from '../../../../server/features/integrations/sms/twilio.routes';
import { ADMIN_API_KEY, CLI_KEY, startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';
import { DRIVERS } from '../../helpers/test-database';
import { startFakeTwilio } from './support/fake-twilio';

const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-test-auth-token';
const OUR_NUMBER = '+15005550006';
const PATH = '/api/integrations/twilio/messages';
/** PUBLIC_URL (the test app's) + the path: what Twilio signs. */
const SIGNED_URL = `https://club.example${PATH}`;
const SHARED = '+12015550170';
const admin = { anonymous: true, headers: { authorization: `Bearer ${ADMIN_API_KEY}` } };
const operator = { anonymous: true, headers: { authorization: `Bearer ${CLI_KEY}` } };
const saleTo = (mobileNumber: string, send?: 'sms') => ({
  mobileNumber,
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-15',
  siteId: '7',
  ...(send ? { send } : {}),
});

let sids = 0;
/** The fields Twilio posts for an incoming text. */
const textFrom = (from: string, body: string): Record<string, string> => ({
  ToCountry: 'US',
  SmsMessageSid: `SM${String(++sids).padStart(32, '0')}`,
  NumMedia: '0',
  MessageSid: `SM${String(sids).padStart(32, '0')}`,
  AccountSid: ACCOUNT,
  From: from,
  To: OUR_NUMBER,
  Body: body,
  NumSegments: '1',
  ApiVersion: '2010-04-01',
});

/** The tests of one engine share their app and its rows, in order. */
const it = vitestIt.sequential;

describe.each(DRIVERS)("texts received through Twilio's webhook on %s", (driver) => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  const members: { dana: string; sam: string } = { dana: '', sam: '' };

  /** A member who agreed to texts, as the profile form makes one. */
  const member = async (mobileNumber: string, email: string) => {
    const issued = await t.issue({ mobileNumber });
    const profile = v.parse(
      customerSchema,
      validCustomer(issued.registration.id, { email, isSubscribedToSmsMessaging: true }),
    );
    return (await t.database.db.transaction((tx) => completeProfile(tx, profile))).id;
  };

  const post = (
    params: Record<string, string>,
    signing: { signature?: string | null; url?: string; app?: { request: TestApp['app']['request'] } } = {},
  ) => {
    const signature =
      signing.signature === undefined ? twilioSignature(TOKEN, signing.url ?? SIGNED_URL, params) : signing.signature;
    return (signing.app ?? t.app).request(PATH, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      },
      body: new URLSearchParams(params).toString(),
    });
  };
  const db = () => t.database.db;
  const eventsOf = async (type: string) =>
    (await db().select().from(outboxEvents).where(eq(outboxEvents.type, type))).map(
      (row) => JSON.parse(row.body) as { data: Record<string, Record<string, unknown>> },
    );
  const suppressionOf = async (number: string) =>
    (await db().select().from(smsSuppressions).where(eq(smsSuppressions.mobileNumber, number)))[0];
  const deliverContext = () => ({
    db: db(),
    sender: createTwilioSender({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      from: OUR_NUMBER,
      apiBase: twilio.url,
      policy: { allowPrivateNetworks: true },
    }),
    template: '{operator}: {link}',
    operatorName: 'Brightwater Car Wash',
    publicUrl: 'https://club.example',
  });

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await startTestApp(driver, {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: OUR_NUMBER,
      TWILIO_API_BASE: twilio.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      OPERATOR_NAME: 'Brightwater Car Wash',
      SUPPORT_URL: 'https://brightwater.example/help',
      SUPPORT_PHONE: '+1 201 555 0100',
    });
    members.dana = await member(SHARED, 'dana@example.com');
    members.sam = await member(SHARED, 'sam@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });
  afterEach(() => twilio.requests.splice(0));
  /** What only HTTP or pure logic decides: the embedded engine alone (the SQL is the same on both). */
  const onEmbedded = driver === 'pglite' ? it : vitestIt.skip;

  onEmbedded(
    'reads only a request signed for PUBLIC_URL + the path: missing, wrong or another URL is 403, writing nothing',
    async () => {
      const params = textFrom(SHARED, 'STOP');
      const refused = [
        await post(params, { signature: null }),
        await post(params, { signature: '' }),
        await post(params, { signature: twilioSignature('another-token', SIGNED_URL, params) }),
        await post(params, { signature: twilioSignature(TOKEN, SIGNED_URL, { ...params, Body: 'HELLO' }) }),
        await post(params, { url: `https://elsewhere.example${PATH}` }),
        await post(params, { url: `https://club.example/api/integrations/twilio/other` }),
      ];
      for (const res of refused) {
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      }
      expect(await db().select().from(smsInboundMessages)).toEqual([]);
      expect(await suppressionOf(SHARED)).toBeUndefined();

      const json = await t.app.request(PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
        body: '{}',
      });
      expect(json.status).toBe(415);
      // Without SMS_PROVIDER there is no auth token to check against: the route is not there.
      const withoutSms = createApp({
        env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://club.example' }),
        db: db(),
      });
      const res = await withoutSms.request(PATH, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(TOKEN, SIGNED_URL, params),
        },
        body: new URLSearchParams(params).toString(),
      });
      expect(res.status).toBe(404);
    },
  );

  onEmbedded('refuses a signed text without a sender in E.164 form with 400, writing nothing', async () => {
    for (const from of ['2015550123', '+1 (201) 555-0123', 'whatsapp:+12015550123']) {
      const res = await post(textFrom(from, 'STOP'));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string; issues: object } }).error).toMatchObject({
        code: 'validation_failed',
        issues: { from: 'Expected a phone number in E.164 form, such as +12015550123' },
      });
    }
    expect(await db().select().from(smsInboundMessages)).toEqual([]);
  });

  it('keeps any other message for the console, with no reply', async () => {
    const params = textFrom(SHARED, 'Thanks, see you Saturday');
    const res = await post(params);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    const [row] = await db()
      .select()
      .from(smsInboundMessages)
      .where(eq(smsInboundMessages.messageSid, params.MessageSid!));
    expect(row).toMatchObject({
      fromNumber: SHARED,
      toNumber: OUR_NUMBER,
      body: 'Thanks, see you Saturday',
      keyword: null,
    });
  });

  it('STOP: suppresses the number, withdraws every member’s consent keeping the history, cancels a queued text', async () => {
    const queued = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: saleTo(SHARED, 'sms') });
    expect(queued.status).toBe(201);
    const stop = textFrom(SHARED, 'Stop.');
    const res = await post(stop);
    expect(res.status).toBe(200);
    // Twilio's standard opt-out handling sends the confirmation: none of ours.
    expect(await res.text()).toContain('<Response></Response>');

    const suppression = await suppressionOf(SHARED);
    expect(suppression).toMatchObject({ keyword: 'STOP', messageSid: stop.MessageSid, senderNumber: OUR_NUMBER });
    const profiles = await db().select().from(customers).where(eq(customers.mobileNumber, SHARED));
    expect(profiles.map((row) => row.isSubscribedToSmsMessaging)).toEqual([false, false]);
    // The profile's agreement is not overwritten.
    expect(profiles.every((row) => row.smsConsentAt instanceof Date)).toBe(true);

    for (const id of [members.dana, members.sam]) {
      const detail = await t.call('GET', `/api/admin/members/${id}`, operator);
      expect(detail.status).toBe(200);
      expect(detail.body.consent.smsMessaging.agreed).toBe(false);
      expect(detail.body.smsConsent).toEqual({
        agreed: false,
        optedOut: {
          at: suppression!.optedOutAt.toISOString(),
          keyword: 'STOP',
          messageSid: stop.MessageSid,
          senderNumber: OUR_NUMBER,
        },
        history: [
          {
            action: 'agreed',
            source: 'profile',
            at: expect.any(String),
            keyword: null,
            messageSid: null,
            senderNumber: null,
          },
          {
            action: 'withdrawn',
            source: 'sms_keyword',
            at: suppression!.optedOutAt.toISOString(),
            keyword: 'STOP',
            messageSid: stop.MessageSid,
            senderNumber: OUR_NUMBER,
          },
        ],
      });
      expect((detail.body.inboundMessages as { body: string }[]).map((m) => m.body)).toEqual([
        'Stop.',
        'Thanks, see you Saturday',
      ]);
      expect(detail.body.inboundMessages[0]).toMatchObject({ keyword: 'STOP', keywordKind: 'opt_out' });
    }

    const csv = await t.call('GET', '/api/admin/members.csv', operator);
    expect(csv.status).toBe(200);
    expect((csv.body as string).match(new RegExp(`,${suppression!.optedOutAt.toISOString()},`, 'g'))).toHaveLength(2);

    const [text] = await db()
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, queued.body.registration.id), eq(smsMessages.kind, 'code')));
    expect(text).toMatchObject({ status: 'failed', errorCode: 'sms_opted_out', linkToken: null });
    await deliverSms(deliverContext(), text!.id, 0);
    expect(twilio.requests).toEqual([]);

    const [event] = await eventsOf('member.sms_opted_out');
    expect(event!.data).toEqual({
      smsOptOut: {
        mobileNumber: SHARED,
        keyword: 'STOP',
        language: 'en',
        messageSid: stop.MessageSid,
        senderNumber: OUR_NUMBER,
        at: suppression!.optedOutAt.toISOString(),
        memberIds: [members.dana, members.sam],
      },
    });
    // Ids and the number's evidence: no name or email.
    expect(JSON.stringify(event)).not.toMatch(/dana@|Whitfield/);
  });

  it('refuses send: "sms" to the opted-out number with 422 sms_opted_out, writing nothing and texting nothing', async () => {
    const before = (await db().select({ n: count() }).from(registrations))[0]!.n;
    const res = await t.call('POST', '/api/admin/registration-tokens', {
      ...admin,
      json: saleTo('(201) 555-0170', 'sms'),
    });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('sms_opted_out');
    expect(res.body.error.message).toMatch(/opted out/);
    expect((await db().select({ n: count() }).from(registrations))[0]!.n).toBe(before);
    expect(twilio.requests).toEqual([]);
    // A code without a text is still issued.
    expect((await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: saleTo(SHARED) })).status).toBe(
      201,
    );
  });

  it('does not send a text queued after the opt-out was taken (its sale raced the STOP)', async () => {
    const issued = await t.issue({ mobileNumber: SHARED });
    const queued = await db().transaction((tx) => queueRegistrationSms(tx, issued.registration.id, issued.token));
    expect(queued.status).toBe('queued');
    const [row] = await db()
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.registrationId, issued.registration.id), eq(smsMessages.kind, 'code')));
    await deliverSms(deliverContext(), row!.id, 0);
    expect(twilio.requests).toEqual([]);
    const [after] = await db().select().from(smsMessages).where(eq(smsMessages.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', errorCode: 'sms_opted_out', linkToken: null, attempts: 0 });
  });

  it('takes a retried webhook (the same MessageSid) once', async () => {
    const again = textFrom(SHARED, 'PARAR');
    expect((await post(again)).status).toBe(200);
    expect((await post(again)).status).toBe(200);
    const kept = await db()
      .select({ n: count() })
      .from(smsInboundMessages)
      .where(eq(smsInboundMessages.messageSid, again.MessageSid!));
    expect(kept[0]!.n).toBe(1);
    // The first opt-out's evidence stands while it does.
    expect((await suppressionOf(SHARED))!.keyword).toBe('STOP');
    expect(await eventsOf('member.sms_opted_out')).toHaveLength(2);
  });

  it('START (here "Sí") lifts the suppression without giving back consent, with member.sms_opted_in', async () => {
    const start = textFrom(SHARED, ' Sí ');
    expect(await (await post(start)).text()).toContain('<Response></Response>');
    expect(await suppressionOf(SHARED)).toBeUndefined();
    const profiles = await db().select().from(customers).where(eq(customers.mobileNumber, SHARED));
    expect(profiles.map((row) => row.isSubscribedToSmsMessaging)).toEqual([false, false]);
    const detail = await t.call('GET', `/api/admin/members/${members.dana}`, operator);
    expect(detail.body.smsConsent.optedOut).toBeNull();
    expect((detail.body.smsConsent.history as { action: string }[]).map((entry) => entry.action)).toEqual([
      'agreed',
      'withdrawn',
      'opted_in',
    ]);
    expect(detail.body.smsConsent.history[2]).toMatchObject({ keyword: 'SI', messageSid: start.MessageSid });
    const [event] = await eventsOf('member.sms_opted_in');
    expect(event!.data.smsOptIn).toMatchObject({
      mobileNumber: SHARED,
      keyword: 'SI',
      language: 'es',
      memberIds: [members.dana, members.sam],
    });
    // Texts may go to it again.
    const res = await t.call('POST', '/api/admin/registration-tokens', { ...admin, json: saleTo(SHARED, 'sms') });
    expect(res.status).toBe(201);
  });

  it("answers HELP in the keyword's language, with the operator, support link and phone, rates and how to stop", async () => {
    const english = await (await post(textFrom(SHARED, 'help?'))).text();
    expect(english).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Brightwater Car Wash: membership texts. Help: ' +
        'https://brightwater.example/help or call +1 201 555 0100. Msg &amp; data rates may apply. Reply STOP to ' +
        'opt out.</Message></Response>',
    );
    const spanish = await (await post(textFrom(SHARED, '¡Ayuda!'))).text();
    expect(spanish).toContain('<Message>Brightwater Car Wash: mensajes de membresía. Ayuda: ');
    expect(spanish).toContain('https://brightwater.example/help o llame al +1 201 555 0100.');
    expect(spanish).toContain('Pueden aplicarse tarifas de mensajes y datos. Responda PARAR');
    expect(await suppressionOf(SHARED)).toBeUndefined();
  });

  onEmbedded(
    'reads every keyword of both languages in stray forms, and with SMS_OPT_OUT_REPLIES=app confirms STOP and START',
    async () => {
      let n = 0;
      for (const [kind, languages] of Object.entries(SMS_KEYWORDS)) {
        for (const [language, keywords] of Object.entries(languages)) {
          for (const keyword of keywords as readonly string[]) {
            const from = `+1201555${String(2000 + n++)}`;
            const stray = ` ${keyword.toLowerCase().replace('a', 'á')}. `;
            const res = await post(textFrom(from, stray));
            expect(res.status, stray).toBe(200);
            const [row] = await db().select().from(smsInboundMessages).where(eq(smsInboundMessages.fromNumber, from));
            expect(row, stray).toMatchObject({ body: stray, keywordKind: kind, keywordLanguage: language });
            expect(!!(await suppressionOf(from)), stray).toBe(kind === 'opt_out');
          }
        }
      }

      const confirming = twilioRoutes({
        db: db(),
        publicUrl: 'https://club.example',
        authToken: TOKEN,
        followUpHours: 48,
        replies: { operatorName: 'Brightwater Car Wash', supportUrl: 'https://x.example', optOut: 'app' },
        // Four replies to one number: more than the default budget's three.
        replyBudget: createThrottles({ kind: 'memory' }, { ...t.env.limits, smsRepliesPerNumberPerDay: 4 })
          .smsRepliesByNumber,
      });
      const request = (body: string) => {
        const params = textFrom('+12015550190', body);
        return confirming.request('/messages', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioSignature(TOKEN, SIGNED_URL, params),
          },
          body: new URLSearchParams(params).toString(),
        });
      };
      expect(await (await request('STOP')).text()).toContain('you are unsubscribed');
      expect(await (await request('comenzar')).text()).toContain('puede volver a recibir');
      expect(await (await request('no más')).text()).toContain('se ha dado de baja');
      expect(await (await request('start')).text()).toContain('you can get texts from us again');
    },
  );

  it('exports the texts and consent history; erasure keeps a shared number’s texts, and always the opt-out', async () => {
    await post(textFrom(SHARED, 'UNSUBSCRIBE'));
    const exported = (await exportMember(db(), 'sam@example.com'))!;
    expect(exported.inboundTextMessages.map((row) => row.body)).toContain('Stop.');
    expect(exported.smsConsentHistory.map((row) => row.action)).toEqual(['withdrawn', 'opted_in']);
    expect(exported.smsOptOuts).toEqual([expect.objectContaining({ mobileNumber: SHARED, keyword: 'UNSUBSCRIBE' })]);

    const cli = { actor: { kind: 'cli' as const } };
    const first = (await eraseMember(db(), 'dana@example.com', cli))!;
    expect(first.counts).toMatchObject({ consentChanges: 2, inboundTexts: 0 });
    const fromShared = () => db().select().from(smsInboundMessages).where(eq(smsInboundMessages.fromNumber, SHARED));
    expect((await fromShared()).length).toBeGreaterThan(0);
    expect(await db().select().from(consentHistory).where(eq(consentHistory.customerId, members.dana))).toEqual([]);
    // The events naming the erased member go with them.
    const about = await eventsOf('member.sms_opted_out');
    expect(JSON.stringify(about)).not.toContain(members.dana);

    const second = (await eraseMember(db(), 'sam@example.com', cli))!;
    expect(second.counts.inboundTexts).toBeGreaterThan(0);
    expect(await fromShared()).toEqual([]);
    expect(await suppressionOf(SHARED)).toMatchObject({ keyword: 'UNSUBSCRIBE' });
  });

  onEmbedded(
    'keeps a stranger’s texts UNCOMPLETED_RETENTION_DAYS after they arrived, a member’s as long as the member',
    async () => {
      const later = new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
      const kept = await member('+12015550180', 'kept@example.com');
      await post(textFrom('+12015550180', 'hello'));
      const deleted = await runRetention(db(), t.env.retention, later);
      expect(deleted.textMessages).toBeGreaterThan(0);
      const left = await db().select({ from: smsInboundMessages.fromNumber }).from(smsInboundMessages);
      expect(left).toEqual([{ from: '+12015550180' }]);
      expect(kept).toBeTruthy();
      // Suppressions are evidence: retention leaves them.
      expect((await db().select({ n: count() }).from(smsSuppressions))[0]!.n).toBeGreaterThan(0);
    },
  );
  /** The texts a number sent us, oldest first, as kept. */
  const keptFrom = (from: string) =>
    db()
      .select()
      .from(smsInboundMessages)
      .where(eq(smsInboundMessages.fromNumber, from))
      .orderBy(smsInboundMessages.receivedAt, smsInboundMessages.id);
  const messageOf = (twiml: string) => /<Message>(.*)<\/Message>/.exec(twiml)?.[1] ?? null;

  it('honours an opt-out word within a message ("Please stop", "No más mensajes"), confirming it once, in its language', async () => {
    const english = '+12015550301';
    const rosa = await member(english, 'rosa.within@example.com');
    const first = await post(textFrom(english, 'Please stop texting me'));
    expect(first.status).toBe(200);
    // Twilio's standard handling reads only a keyword alone: the one confirmation allowed is ours to send.
    const confirmation =
      'Brightwater Car Wash: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.';
    expect(messageOf(await first.text())).toBe(confirmation);
    expect(await suppressionOf(english)).toMatchObject({ keyword: 'STOP' });
    const [profile] = await db().select().from(customers).where(eq(customers.id, rosa));
    expect(profile!.isSubscribedToSmsMessaging).toBe(false);
    // Already opted out: no second confirmation.
    expect(await (await post(textFrom(english, 'stop please'))).text()).toContain('<Response></Response>');

    const detail = await t.call('GET', `/api/admin/members/${rosa}`, operator);
    expect(detail.body.smsConsent.optedOut).toMatchObject({ keyword: 'STOP' });
    const { history } = detail.body.smsConsent as { history: { action: string }[] };
    expect(history.map((entry) => entry.action)).toEqual(['agreed', 'withdrawn']);
    const texts = detail.body.inboundMessages as { body: string; keywordKind: string; reply: string | null }[];
    expect(texts.map((m) => [m.body, m.keywordKind, m.reply])).toEqual([
      ['stop please', 'opt_out', null],
      ['Please stop texting me', 'opt_out', confirmation],
    ]);

    const spanish = '+12015550302';
    const reply = messageOf(await (await post(textFrom(spanish, 'No más mensajes por favor'))).text());
    expect(reply).toBe(
      'Brightwater Car Wash: se ha dado de baja y no recibirá más mensajes nuestros. Responda COMENZAR para volver a ' +
        'suscribirse.',
    );
    expect(await suppressionOf(spanish)).toMatchObject({ keyword: 'NO MAS' });
  });

  it('asks once about an unclear opt-out word ("cancel my membership"), changing nothing, and keeps the question', async () => {
    const from = '+12015550303';
    const kim = await member(from, 'kim.unclear@example.com');
    const res = await post(textFrom(from, 'How do I cancel my membership?'));
    const question = 'Brightwater Car Wash: Reply STOP to stop all texts from us.';
    expect(messageOf(await res.text())).toBe(question);
    expect(await suppressionOf(from)).toBeUndefined();
    const [profile] = await db().select().from(customers).where(eq(customers.id, kim));
    expect(profile!.isSubscribedToSmsMessaging).toBe(true);
    expect((await keptFrom(from)).map(({ keyword, keywordKind, reply }) => ({ keyword, keywordKind, reply }))).toEqual([
      { keyword: 'CANCEL', keywordKind: 'maybe_opt_out', reply: question },
    ]);
    expect(messageOf(await (await post(textFrom(from, 'Quiero cancelar mi plan'))).text())).toBe(
      'Brightwater Car Wash: Responda PARAR para dejar de recibir todos nuestros mensajes.',
    );
    // The answer to the question is an opt-out like any other.
    await post(textFrom(from, 'STOP'));
    expect(await suppressionOf(from)).toMatchObject({ keyword: 'STOP' });
  });

  it('reads STOP in look-alike letters (Cyrillic, mixed, small capitals) and confirms it, as Twilio does not read it', async () => {
    for (const [n, body] of ['ЅТОР', 'SТОР', 'ꜱᴛᴏᴘ'].entries()) {
      const from = `+1201555031${n}`;
      const res = await post(textFrom(from, body));
      expect(messageOf(await res.text()), body).toMatch(/^Brightwater Car Wash: you are unsubscribed/);
      expect(await suppressionOf(from), body).toMatchObject({ keyword: 'STOP' });
    }
  });

  it('budgets replies per number across instances: the fourth HELP in a day is kept and gets no reply', async () => {
    const store: LimitStore = { kind: 'database', db: db() };
    // Two instances counting in the database both share: one budget of three replies for the number.
    const instances = [0, 1].map(() =>
      twilioRoutes({
        db: db(),
        publicUrl: 'https://club.example',
        authToken: TOKEN,
        followUpHours: 48,
        replies: { operatorName: 'Brightwater Car Wash', supportUrl: 'https://x.example', optOut: 'twilio' },
        replyBudget: createThrottles(store, { ...t.env.limits, smsRepliesPerNumberPerDay: 3 }).smsRepliesByNumber,
      }),
    );
    const helpFrom = (from: string, instance: number) => {
      const params = textFrom(from, 'HELP');
      return post(params, { app: { request: (_path, init) => instances[instance]!.request('/messages', init) } });
    };
    const from = '+12015550320';
    const replies: (string | null)[] = [];
    for (let i = 0; i < 6; i += 1) replies.push(messageOf(await (await helpFrom(from, i % 2)).text()));
    expect(replies.map((reply) => reply !== null)).toEqual([true, true, true, false, false, false]);
    const kept = await keptFrom(from);
    expect(kept.map((row) => row.keywordKind)).toEqual(Array(6).fill('help'));
    expect(kept.map((row) => row.reply !== null)).toEqual([true, true, true, false, false, false]);
    // Another number has a budget of its own.
    expect(messageOf(await (await helpFrom('+12015550321', 0)).text())).toMatch(/membership texts/);
  });
});
