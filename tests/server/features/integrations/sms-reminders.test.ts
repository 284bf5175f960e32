import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverSms, type SmsContext } from '../../../../server/features/integrations/sms/deliver-sms';
import { findRegistrationSms } from '../../../../server/features/integrations/sms/queue-sms';
import { DEFAULT_SMS_TEMPLATE } from '../../../../server/features/integrations/sms/sms-text';
import { inviteAfterVisit } from '../../../../server/features/invitations/invite-after-visit';
import { invitationCodeFor, invitationSecretOf } from '../../../../server/features/invitations/invitation-code';
import { textCodeAgain } from '../../../../server/features/registrations/code-again';
import { codeSecretOf } from '../../../../server/features/registrations/code-secret';
import { issueRegistration } from '../../../../server/features/registrations/issue-registration';
import { parseEnv } from '../../../../server/env';
import type { Database, Db } from '../../../../server/platform/db/client';
import {
  outboxEvents,
  registrations,
  sites,
  smsMessages,
  surveyInvitations,
} from '../../../../server/platform/db/schema';
import { createThrottles } from '../../../../server/platform/limits/throttles';
import { hashToken } from '../../../../server/platform/values/tokens';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { AUTH_SECRET, feedbackFixture, invitationContext, QUIET_HOURS } from '../invitations/support/feedback-fixture';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** 10:00 in New York (EST), inside the 08:00–21:00 window; so is the same time a day or two later. */
const ISSUED = new Date('2026-03-02T15:00:00.000Z');
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);
const PUBLIC_URL = 'https://club.example';

describe.each(DRIVERS)('reminders, and every kind of text through one delivery, on %s', (driver) => {
  let database: Database;
  let db: Db;
  let fixture: ReturnType<typeof feedbackFixture>;
  let numbers = 300;
  const newNumber = () => `+1201555${String(++numbers).padStart(4, '0')}`;
  const sent: { to: string; body: string }[] = [];
  const sender = {
    send: (message: { to: string; body: string }) => {
      sent.push(message);
      return Promise.resolve({ providerMessageId: `SM${sent.length}`, status: 'queued' });
    },
  };
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
    fixture = feedbackFixture(db);
  });
  afterAll(() => database.close());

  const contextAt = (at: Date, limits = parseEnv({}).limits): SmsContext => ({
    db,
    sender,
    template: DEFAULT_SMS_TEMPLATE,
    operatorName: 'Brightwater',
    publicUrl: PUBLIC_URL,
    now: () => at,
    quietHours: QUIET_HOURS,
    codeSecret: codeSecretOf(AUTH_SECRET),
    invitationSecret: invitationSecretOf(AUTH_SECRET),
    budget: createThrottles({ kind: 'memory' }, limits),
  });
  const deliver = (id: string, at: Date, limits?: ReturnType<typeof parseEnv>['limits']) =>
    deliverSms(contextAt(at, limits), id, 0);
  const row = async (id: string) => (await db.select().from(smsMessages).where(eq(smsMessages.id, id)))[0]!;
  const textsTo = (to: string) => sent.filter((message) => message.to === to);

  /** A code texted at the till of a new site (its settings as given), and its two texts: the code's, the reminder's. */
  const issued = async (siteSettings: Partial<typeof sites.$inferInsert> = {}) => {
    const siteId = await fixture.site(siteSettings);
    const mobileNumber = newNumber();
    const code = await issueRegistration(
      db,
      {
        mobileNumber,
        planName: 'Unlimited Wash Club',
        amount: 29.99,
        rechargeDate: '2026-12-15',
        siteId,
        sourceSystem: 'test',
        isReturningCustomer: false,
        send: 'sms',
      },
      {
        publicUrl: PUBLIC_URL,
        tokenTtlDays: 30,
        smsEnabled: true,
        codeSecret: codeSecretOf(AUTH_SECRET),
        ...QUIET_HOURS,
        smsWindow: QUIET_HOURS.smsWindow,
        now: ISSUED,
      },
    );
    const texts = await db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.registrationId, code.registration.id))
      .orderBy(smsMessages.kind);
    return {
      code,
      mobileNumber,
      siteId,
      first: texts.find((t) => t.kind === 'code')!,
      reminder: texts.find((t) => t.kind === 'code_reminder'),
    };
  };

  it("reminds of a texted code once, after the site's delay, with the code's link; the code's status stays its own", async () => {
    const { code, mobileNumber, first, reminder } = await issued();
    expect(reminder).toMatchObject({ status: 'queued', linkToken: null, scheduledFor: after(ISSUED, DAY) });
    await deliver(first.id, ISSUED);
    await deliver(reminder!.id, after(ISSUED, DAY));
    await deliver(reminder!.id, after(ISSUED, DAY + HOUR));
    const texts = textsTo(mobileNumber);
    expect(texts).toHaveLength(2);
    expect(texts[1]!.body).toBe(
      `Brightwater: a reminder to finish your membership profile: ${PUBLIC_URL}/?id=${code.token} Reply STOP to opt out.`,
    );
    expect(await row(reminder!.id)).toMatchObject({ status: 'sent', sentAt: after(ISSUED, DAY) });
    expect(await findRegistrationSms(db, code.registration.id)).toMatchObject({
      status: 'sent',
      sentAt: ISSUED.toISOString(),
    });
  });

  it('never reminds after the profile is completed, the code expired, the number opted out or the first text failed', async () => {
    const completed = await issued();
    await deliver(completed.first.id, ISSUED);
    await db
      .update(registrations)
      .set({ isCompleted: true })
      .where(eq(registrations.id, completed.code.registration.id));
    const expired = await issued();
    await deliver(expired.first.id, ISSUED);
    await db
      .update(registrations)
      .set({ expiresAt: after(ISSUED, HOUR) })
      .where(eq(registrations.id, expired.code.registration.id));
    const stopped = await issued();
    await deliver(stopped.first.id, ISSUED);
    await fixture.stop(stopped.mobileNumber, after(ISSUED, HOUR));
    const unsent = await issued();
    await db
      .update(smsMessages)
      .set({ status: 'failed', errorCode: '21211' })
      .where(eq(smsMessages.id, unsent.first.id));
    const turnedOff = await issued();
    await deliver(turnedOff.first.id, ISSUED);
    await db.update(sites).set({ codeReminder: false }).where(eq(sites.id, turnedOff.siteId));

    const due = after(ISSUED, DAY);
    const cases = [completed, expired, stopped, unsent, turnedOff];
    for (const each of cases) await deliver(each.reminder!.id, due);
    const codes = await Promise.all(cases.map(async (each) => (await row(each.reminder!.id)).errorCode));
    expect(codes).toEqual([
      'registration_completed',
      'code_expired',
      'sms_opted_out',
      'first_text_not_sent',
      'reminder_off',
    ]);
    for (const each of cases) expect(textsTo(each.mobileNumber).length).toBeLessThanOrEqual(1);
    // A site whose reminder is off when the code is issued queues none.
    expect((await issued({ codeReminder: false })).reminder).toBeUndefined();
  });

  it('lets the counter text a code again while its reminder waits', async () => {
    const { code, first, reminder } = await issued();
    await deliver(first.id, ISSUED);
    const again = await textCodeAgain(db, 'all', code.registration.id, {
      secret: codeSecretOf(AUTH_SECRET),
      publicUrl: PUBLIC_URL,
      by: { actor: { kind: 'cli' }, client: null },
      now: after(ISSUED, HOUR),
      quietHours: QUIET_HOURS,
    });
    expect(again.status).toBe('queued');
    expect(await findRegistrationSms(db, code.registration.id)).toMatchObject({ status: 'queued' });
    expect((await row(reminder!.id)).status).toBe('queued');
  });

  /** A Spanish-speaking member invited after a visit at 09:00, the invitation made at 11:00. */
  const invited = async () => {
    const siteId = await fixture.site({ name: 'Harbor Road' });
    const mobileNumber = newNumber();
    const member = await fixture.member(mobileNumber, { language: 'es' });
    const visitAt = new Date('2026-03-02T14:00:00.000Z');
    const visitId = await fixture.visit(siteId, mobileNumber, visitAt);
    const at = after(visitAt, 2 * HOUR);
    const outcome = await inviteAfterVisit(
      invitationContext(db, () => at),
      visitId,
    );
    if (!outcome.invited) throw new Error(`not invited: ${outcome.reason}`);
    const texts = await db.select().from(smsMessages).where(eq(smsMessages.invitationId, outcome.invitationId));
    return {
      ...member,
      siteId,
      visitId,
      mobileNumber,
      at,
      invitationId: outcome.invitationId,
      first: texts.find((t) => t.kind === 'invitation')!,
      reminder: texts.find((t) => t.kind === 'invitation_reminder')!,
    };
  };

  it("texts an invitation in the member's language with survey.invited, then its reminder once", async () => {
    const invitation = await invited();
    const link = `${PUBLIC_URL}/survey?invite=${invitationCodeFor(invitationSecretOf(AUTH_SECRET), invitation.invitationId)}`;
    await deliver(invitation.first.id, invitation.at);
    const [made] = await db.select().from(surveyInvitations).where(eq(surveyInvitations.id, invitation.invitationId));
    expect(made!.sentAt).toEqual(invitation.at);
    const events = await db.select().from(outboxEvents).where(eq(outboxEvents.type, 'survey.invited'));
    const bodies = events.map((event) => JSON.parse(event.body) as { data: { invitation: { id: string } } });
    expect(bodies.find((body) => body.data.invitation.id === invitation.invitationId)).toEqual({
      type: 'survey.invited',
      timestamp: invitation.at.toISOString(),
      version: 1,
      data: {
        invitation: {
          id: invitation.invitationId,
          customerId: invitation.customerId,
          siteId: invitation.siteId,
          visitId: invitation.visitId,
          expiresAt: after(invitation.at, 7 * DAY).toISOString(),
          sentAt: invitation.at.toISOString(),
        },
      },
    });

    const due = after(invitation.at, 2 * DAY);
    expect(invitation.reminder.scheduledFor).toEqual(due);
    await deliver(invitation.reminder.id, due);
    await deliver(invitation.reminder.id, after(due, HOUR));
    expect(textsTo(invitation.mobileNumber).map((text) => text.body)).toEqual([
      `Brightwater, Harbor Road: ¡gracias por su visita! ¿Qué tal lo hicimos? ${link} Responda PARAR para no recibir más mensajes.`,
      `Brightwater, Harbor Road: un recordatorio: ¿qué tal lo hicimos en su visita? ${link} Responda PARAR para no recibir más mensajes.`,
    ]);
  });

  it('never reminds of an invitation answered, to a number that opted out, or where the site stopped asking', async () => {
    const answered = await invited();
    await deliver(answered.first.id, answered.at);
    await db
      .update(surveyInvitations)
      .set({ answeredAt: after(answered.at, HOUR) })
      .where(eq(surveyInvitations.id, answered.invitationId));
    const stopped = await invited();
    await deliver(stopped.first.id, stopped.at);
    await fixture.stop(stopped.mobileNumber, after(stopped.at, HOUR));
    const notAsking = await invited();
    await deliver(notAsking.first.id, notAsking.at);
    await db.update(sites).set({ askAfterVisit: false }).where(eq(sites.id, notAsking.siteId));
    // Its first text never went out: held for a window that never opened before the reminder was due.
    const unsent = await invited();

    const cases = [answered, stopped, notAsking, unsent];
    for (const each of cases) await deliver(each.reminder.id, after(each.at, 2 * DAY));
    const codes = await Promise.all(cases.map(async (each) => (await row(each.reminder.id)).errorCode));
    expect(codes).toEqual(['invitation_answered', 'sms_opted_out', 'invitation_off', 'first_text_not_sent']);
    for (const each of cases) expect(textsTo(each.mobileNumber).length).toBeLessThanOrEqual(1);
  });

  it("cancels a reminder past the number's texting budget", async () => {
    const { mobileNumber, first, reminder } = await issued();
    await deliver(first.id, ISSUED);
    const limits = { ...parseEnv({}).limits, textsPerNumberPerDay: 1 };
    const context = contextAt(after(ISSUED, DAY), limits);
    await context.budget!.textsByNumber.spend(hashToken(mobileNumber));
    await deliverSms(context, reminder!.id, 0);
    expect(await row(reminder!.id)).toMatchObject({ status: 'failed', errorCode: 'text_budget' });
    expect(textsTo(mobileNumber)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(smsMessages)
        .where(and(eq(smsMessages.id, reminder!.id), eq(smsMessages.status, 'sent'))),
    ).toEqual([]);
  });
});
