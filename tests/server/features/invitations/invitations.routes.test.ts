import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookUpInvitation, openInvitation } from '../../../../server/features/invitations/find-invitation';
import { answerInvitation } from '../../../../server/features/invitations/answer-invitation';
import {
  followUpCases,
  outboxEvents,
  sites,
  smsMessages,
  surveyInvitations,
  surveys,
} from '../../../../server/platform/db/schema';
import { DRIVERS } from '../../helpers/test-database';
import { insertInvitation, type InvitationRow } from '../../helpers/invitation-row';
import { startTestApp, validCustomer, type TestApp } from '../../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DRIVERS)('survey invitations on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** A member with a completed profile at site 7, and the registration their texts belong to. */
  const member = async () => {
    const issued = await t.issue();
    const created = await t.call('POST', '/api/customers', {
      json: validCustomer(issued.registration.id, { email: `${randomUUID()}@example.com` }),
    });
    return { customerId: created.body.id as string, registrationId: issued.registration.id };
  };
  const invite = (customerId: string, row: Partial<InvitationRow> = {}) =>
    insertInvitation(db(), t.env.authSecret!, { customerId, ...row });
  const invitationOf = async (id: string) =>
    (await db().select().from(surveyInvitations).where(eq(surveyInvitations.id, id)))[0]!;
  const surveyCount = async () => (await db().select({ n: count() }).from(surveys))[0]!.n;
  /** The `survey` of each `survey.submitted` event, by the survey's id. */
  const surveySubmitted = async () => {
    const events = await db().select().from(outboxEvents).where(eq(outboxEvents.type, 'survey.submitted'));
    const data = events.map((event) => (JSON.parse(event.body) as { data: { survey: { id: string } } }).data);
    return new Map(data.map(({ survey }) => [survey.id, survey]));
  };
  const answer = {
    recommendToOthersScore: 9,
    washQualityScore: 8,
    cleanlinessScore: 9,
    serviceScore: 10,
    valueScore: 0,
    comments: 'Spotless.',
  };

  it("looks an invitation up in the member's language, naming the visit's site", async () => {
    const { customerId } = await member();
    await db().insert(sites).values({ id: 'harbor-3', name: 'Harbor Road', named: true });
    const { code } = await invite(customerId, { siteId: 'harbor-3', language: 'es' });
    const res = await t.call('GET', `/api/survey-invitations/${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'es', siteName: 'Harbor Road' });

    // A site id with no row yet is named as the console names it.
    const elsewhere = await invite(customerId, { siteId: 'nowhere-1' });
    expect((await t.call('GET', `/api/survey-invitations/${elsewhere.code}`)).body).toEqual({
      language: 'en',
      siteName: 'Site nowhere-1',
    });
    expect((await t.call('GET', `/api/survey-invitations/${code}`, { anonymous: true })).status).toBe(401);
  });

  it('notes the first opening only', async () => {
    const { customerId } = await member();
    const sentAt = new Date('2026-03-02T15:00:00Z');
    const { invitation, code } = await invite(customerId, { createdAt: sentAt });
    const first = new Date(sentAt.getTime() + 60_000);
    await lookUpInvitation(db(), code, first);
    await lookUpInvitation(db(), code, new Date(sentAt.getTime() + DAY_MS));
    expect((await invitationOf(invitation.id)).openedAt).toEqual(first);
  });

  it('stores the answer for the invited member, naming the invitation, and says so in survey.submitted', async () => {
    const { customerId } = await member();
    const { invitation, code } = await invite(customerId);
    const res = await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId, recommendToOthersScore: 9, comments: 'Spotless.', reviewUrl: null });
    const [row] = await db().select().from(surveys).where(eq(surveys.id, res.body.id));
    expect(row).toMatchObject({ customerId, invitationId: invitation.id, washQualityScore: 8 });
    // Answered without a lookup first, it counts as opened too: the funnel's answered never exceeds its opened.
    const answered = await invitationOf(invitation.id);
    expect(answered.answeredAt).not.toBeNull();
    expect(answered.openedAt).toEqual(answered.answeredAt);

    // A survey at sign-up names none.
    const atSignUp = await t.call('POST', '/api/surveys', { json: { customerId, valueScore: 7 } });
    expect(atSignUp.status).toBe(201);
    const submitted = await surveySubmitted();
    expect(submitted.get(res.body.id)).toMatchObject({ customerId, invitationId: invitation.id });
    expect(submitted.get(atSignUp.body.id)).toMatchObject({ customerId, invitationId: null });
  });

  it('refuses a second answer (410 invitation_used) and writes nothing; one of two at once', async () => {
    const { customerId } = await member();
    const { code } = await invite(customerId);
    const [a, b] = await Promise.all([
      t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer }),
      t.call('POST', `/api/survey-invitations/${code}/survey`, { json: { ...answer, comments: 'Again.' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 410]);
    const before = await surveyCount();
    const again = await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('invitation_used');
    // The page says so in the member's language (the invitation's).
    expect((await t.call('GET', `/api/survey-invitations/${code}`)).body.error).toMatchObject({
      code: 'invitation_used',
      language: 'en',
    });
    expect(await surveyCount()).toBe(before);
  });

  it('answers a double tap with one Idempotency-Key once, with the same survey', async () => {
    const { customerId } = await member();
    const { code } = await invite(customerId);
    const before = await surveyCount();
    const headers = { 'idempotency-key': `invite-${randomUUID()}` };
    const [a, b] = await Promise.all([
      t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer, headers }),
      t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer, headers }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    // The second is the first's answer replayed, and says so.
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].sort()).toEqual([null, 'true']);
    expect(await surveyCount()).toBe(before + 1);
  });

  it('expires a link seven days after it is made (410 invitation_expired), on a moved clock', async () => {
    const { customerId } = await member();
    const madeAt = new Date('2026-03-02T15:00:00Z');
    const { invitation, code } = await invite(customerId, { createdAt: madeAt });
    const lastMoment = new Date(invitation.expiresAt.getTime() - 1);
    await expect(openInvitation(db(), code, lastMoment)).resolves.toMatchObject({ id: invitation.id });
    await expect(openInvitation(db(), code, invitation.expiresAt)).rejects.toMatchObject({
      status: 410,
      code: 'invitation_expired',
    });
    const before = await surveyCount();
    await expect(
      db().transaction((tx) => answerInvitation(tx, code, answer, { now: invitation.expiresAt, followUpHours: 24 })),
    ).rejects.toMatchObject({ status: 410, code: 'invitation_expired' });

    // Over HTTP, on the server's own clock, the same link (long past) is refused alike.
    const res = await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer });
    expect(res.status).toBe(410);
    expect(res.body.error.code).toBe('invitation_expired');
    expect((await t.call('GET', `/api/survey-invitations/${code}`)).status).toBe(410);
    expect(await surveyCount()).toBe(before);
    expect(await invitationOf(invitation.id)).toMatchObject({ answeredAt: null, openedAt: null });
  });

  it('answers 404 not_found for an unknown or malformed code', async () => {
    const unknown = 'A'.repeat(32);
    for (const path of [`/api/survey-invitations/${unknown}`, '/api/survey-invitations/not%20a%20code']) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    const before = await surveyCount();
    const res = await t.call('POST', `/api/survey-invitations/${unknown}/survey`, { json: answer });
    expect(res.status).toBe(404);
    expect(await surveyCount()).toBe(before);
  });

  it("opens a detractor's follow-up case at the visit's site, whose review page the answer is offered", async () => {
    // The member joined at site 7 and washed at Harbor Road: its managers follow up on their own wash.
    const { customerId } = await member();
    await db()
      .insert(sites)
      .values({ id: 'harbor-9', name: 'Harbor Road', named: true, reviewUrl: 'https://g.page/r/harbor/review' });
    const { code } = await invite(customerId, { siteId: 'harbor-9' });
    const res = await t.call('POST', `/api/survey-invitations/${code}/survey`, {
      json: { recommendToOthersScore: 3, comments: 'Dryer broke.' },
    });
    expect(res.status).toBe(201);
    expect(res.body.reviewUrl).toBe('https://g.page/r/harbor/review');
    const [opened] = await db().select().from(followUpCases).where(eq(followUpCases.surveyId, res.body.id));
    expect(opened).toMatchObject({ customerId, siteId: 'harbor-9', status: 'open' });
  });

  it('cancels the queued reminder of an answered invitation, and leaves its sent text as it was', async () => {
    const { customerId, registrationId } = await member();
    const { invitation, code } = await invite(customerId);
    const sentAt = new Date();
    await db()
      .insert(smsMessages)
      .values([
        { id: randomUUID(), registrationId, kind: 'invitation', invitationId: invitation.id, status: 'sent', sentAt },
        { id: randomUUID(), registrationId, kind: 'invitation_reminder', invitationId: invitation.id },
      ]);
    expect((await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer })).status).toBe(201);
    const texts = await db().select().from(smsMessages).where(eq(smsMessages.invitationId, invitation.id));
    expect(
      texts
        .map(({ kind, status, errorCode }) => ({ kind, status, errorCode }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: 'invitation', status: 'sent', errorCode: null },
      { kind: 'invitation_reminder', status: 'failed', errorCode: 'invitation_answered' },
    ]);
  });

  it('stores an empty answer, thanks the member and uses the link (decision 038)', async () => {
    const { customerId } = await member();
    const { invitation, code } = await invite(customerId);
    const res = await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId, recommendToOthersScore: 0, comments: '' });
    expect((await invitationOf(invitation.id)).answeredAt).not.toBeNull();
    expect((await t.call('POST', `/api/survey-invitations/${code}/survey`, { json: answer })).status).toBe(410);
  });

  // Last: it spends this client's budget of unknown codes.
  it("counts unknown codes against the client, as a registration code's lookup does, and still answers a known one", async () => {
    const { customerId } = await member();
    const { code } = await invite(customerId);
    const unknown = (n: number) => `${'U'.repeat(31)}${String.fromCharCode(65 + (n % 26))}`;
    const statuses: number[] = [];
    for (let n = 0; n < t.env.limits.lookupMissesPerMinute + 1; n++) {
      statuses.push((await t.call('GET', `/api/survey-invitations/${unknown(n)}`)).status);
    }
    // Unknown is 404 until the budget (part spent by the tests above) is gone, then 429.
    expect(statuses[0]).toBe(404);
    expect(statuses.at(-1)).toBe(429);
    expect((await t.call('GET', `/api/survey-invitations/${code}`)).status).toBe(200);
  });
});
