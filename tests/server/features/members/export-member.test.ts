import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/platform/db/client';
import { outboxEvents, registrations, smsMessages, surveys, visits } from '../../../../server/platform/db/schema';
import { openFollowUp } from '../../../../server/features/follow-ups/open-follow-up';
import { receiveText } from '../../../../server/features/integrations/sms/sms-opt-out';
import { exportMember } from '../../../../server/features/members/export-member';
import { hashToken } from '../../../../server/platform/values/tokens';
import { insertInvitation } from '../../helpers/invitation-row';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { deliverAll, seedMember, type SeededMember } from './support/member-fixture';

describe.each(DRIVERS)("a member's export on %s", (driver) => {
  let database: Database;
  let first: SeededMember;
  let renewal: SeededMember;
  let other: SeededMember;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    first = await seedMember(database.db, { email: 'Dana.Whitfield@Example.com', mobileNumber: '+12015550143' });
    // A renewal months later: a second profile, with the email typed differently.
    renewal = await seedMember(database.db, { email: 'dana.whitfield@example.com', mobileNumber: '+12015550143' });
    other = await seedMember(database.db, {
      email: 'sam.other@example.com',
      mobileNumber: '+12015550144',
      firstName: 'Sam',
      lastName: 'Other',
    });
    await deliverAll(
      database.db,
      (await database.db.select({ id: outboxEvents.id }).from(outboxEvents)).map((row) => row.id),
    );
  });
  afterAll(() => database.close());

  it('holds every profile, registration, survey, text and event about the email, matched whatever its case', async () => {
    const exported = (await exportMember(database.db, '  DANA.WHITFIELD@example.COM '))!;
    expect(exported.email).toBe('dana.whitfield@example.com');
    expect(exported.customers.map((c) => c.id).sort()).toEqual([first.customerId, renewal.customerId].sort());
    expect(exported.customers[0]).toMatchObject({
      firstName: 'Dana',
      lastName: 'Whitfield',
      mobileNumber: '+12015550143',
      consent: {
        version: expect.any(String) as string,
        language: 'en',
        terms: { agreed: true },
        newsletters: { agreed: true },
      },
    });
    expect(exported.registrations.map((r) => r.id).sort()).toEqual(
      [first.registrationId, renewal.registrationId].sort(),
    );
    expect(exported.surveys.map((s) => s.id).sort()).toEqual([first.surveyId, renewal.surveyId].sort());
    expect(exported.textMessages.map((m) => m.registrationId).sort()).toEqual(
      [first.registrationId, renewal.registrationId].sort(),
    );
    // Two issued, two completed, two surveys: bodies parsed, each with where it went.
    expect(exported.webhookEvents.map((e) => e.type).sort()).toEqual([
      'registration.completed',
      'registration.completed',
      'registration.issued',
      'registration.issued',
      'survey.submitted',
      'survey.submitted',
    ]);
    const completed = exported.webhookEvents.find((e) => e.type === 'registration.completed')!;
    expect(completed.body).toMatchObject({ type: 'registration.completed', data: { customer: { firstName: 'Dana' } } });
    expect(completed.deliveries).toEqual([
      expect.objectContaining({ endpointDescription: 'CRM', status: 'delivered' }),
    ]);
  });

  it('never carries a code: no registration code, its hash or a pending link, nor the receiver URL', async () => {
    const text = JSON.stringify(await exportMember(database.db, 'dana.whitfield@example.com'));
    const [row] = await database.db.select().from(registrations).where(eq(registrations.id, first.registrationId));
    expect(row!.tokenHash).toBe(hashToken(first.token));
    for (const secret of [
      first.token,
      row!.tokenHash!,
      hashToken(renewal.token),
      first.linkToken,
      'endpoint-url-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/tokenHash|linkToken/);
  });

  it("holds each follow-up case with its own timeline, the texts the member's number sent and what became of their consent to texts", async () => {
    const email = 'ana.ruiz@example.com';
    const mobileNumber = '+12015550145';
    const ana = { email, mobileNumber, firstName: 'Ana', lastName: 'Ruiz', agreesToTexts: true };
    const joined = await seedMember(database.db, ana);
    const renewed = await seedMember(database.db, ana);
    const openCase = async (member: SeededMember, openedAt: Date) => {
      const [survey] = await database.db.select().from(surveys).where(eq(surveys.id, member.surveyId));
      return database.db.transaction((tx) => openFollowUp(tx, { survey: survey!, siteId: '7', hours: 48, openedAt }));
    };
    const first = await openCase(joined, new Date('2026-11-20T15:00:00Z'));
    const second = await openCase(renewed, new Date('2026-11-22T09:30:00Z'));
    await receiveText(database.db, {
      messageSid: 'SM-ana-stop',
      from: mobileNumber,
      to: '+15005550006',
      body: 'STOP',
      receivedAt: new Date('2026-11-23T10:00:00Z'),
    });

    const exported = (await exportMember(database.db, email))!;
    const timelineOf = (id: string) => exported.followUpCases.find((row) => row.id === id)?.timeline;
    expect(exported.followUpCases.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    expect(timelineOf(first.id)).toEqual([
      expect.objectContaining({ kind: 'opened', at: new Date('2026-11-20T15:00:00Z') }),
    ]);
    expect(timelineOf(second.id)).toEqual([
      expect.objectContaining({ kind: 'opened', at: new Date('2026-11-22T09:30:00Z') }),
    ]);
    expect(timelineOf(first.id)![0]).not.toHaveProperty('caseId');
    expect(exported.inboundTextMessages).toEqual([
      expect.objectContaining({ messageSid: 'SM-ana-stop', fromNumber: mobileNumber, body: 'STOP' }),
    ]);
    expect(exported.smsOptOuts).toEqual([expect.objectContaining({ mobileNumber, keyword: 'STOP' })]);
    expect(exported.smsConsentHistory.map((entry) => entry.customerId).sort()).toEqual(
      [joined.customerId, renewed.customerId].sort(),
    );
    expect(exported.smsConsentHistory[0]).toMatchObject({
      action: 'withdrawn',
      source: 'sms_keyword',
      keyword: 'STOP',
    });
  });

  it("holds the member's visits, their invitations after a visit and every text by kind, never a link's code", async () => {
    const mobileNumber = '+12015550146';
    const lee = await seedMember(database.db, { email: 'lee.park@example.com', mobileNumber, firstName: 'Lee' });
    const visitedAt = new Date('2026-11-25T16:00:00Z');
    const visit = (id: string, row: { mobileNumber: string; customerId?: string; siteId?: string }) => ({
      id,
      externalId: id,
      siteId: row.siteId ?? '7',
      visitedAt,
      packageName: 'Ceramic',
      recordedByKeyId: 'till-key',
      ...row,
    });
    await database.db.insert(visits).values([
      // Before the number joined, after, at another site by customer id, and someone else's.
      visit('lee-before', { mobileNumber }),
      visit('lee-by-id', { mobileNumber, customerId: lee.customerId, siteId: '9' }),
      visit('not-lee', { mobileNumber: '+12015550147' }),
    ]);
    const { invitation, code } = await insertInvitation(database.db, 'export-test-secret', {
      customerId: lee.customerId,
      language: 'es',
    });
    await database.db.insert(smsMessages).values([
      { id: crypto.randomUUID(), registrationId: lee.registrationId, kind: 'code_reminder' },
      {
        id: crypto.randomUUID(),
        registrationId: lee.registrationId,
        kind: 'invitation',
        invitationId: invitation.id,
        status: 'sent',
        sentAt: visitedAt,
      },
      {
        id: crypto.randomUUID(),
        registrationId: lee.registrationId,
        kind: 'invitation_reminder',
        invitationId: invitation.id,
      },
    ]);
    await database.db.insert(outboxEvents).values({
      id: 'msg_lee_visit',
      type: 'visit.recorded',
      body: JSON.stringify({ type: 'visit.recorded', data: { visit: { id: 'lee-before', memberIds: [] } } }),
    });

    const exported = (await exportMember(database.db, 'lee.park@example.com'))!;
    expect(exported.visits.map((row) => row.id).sort()).toEqual(['lee-before', 'lee-by-id']);
    expect(exported.visits[0]).toMatchObject({ siteId: '7', visitedAt, packageName: 'Ceramic' });
    expect(exported.visits[0]).not.toHaveProperty('recordedByKeyId');
    expect(exported.surveyInvitations).toEqual([
      expect.objectContaining({ id: invitation.id, siteId: '7', language: 'es', answeredAt: null }),
    ]);
    expect(exported.textMessages.map((row) => [row.kind, row.status]).sort()).toEqual([
      // The code's text was still queued when the profile was completed: cancelled.
      ['code', 'failed'],
      ['code_reminder', 'queued'],
      ['invitation', 'sent'],
      ['invitation_reminder', 'queued'],
    ]);
    expect(exported.webhookEvents.map((event) => event.id)).toContain('msg_lee_visit');
    const text = JSON.stringify(exported);
    for (const secret of [code, invitation.tokenHash, 'till-key', 'not-lee']) expect(text).not.toContain(secret);
  });

  it('holds nothing of another member, and answers null for an email no one has', async () => {
    const text = JSON.stringify(await exportMember(database.db, 'dana.whitfield@example.com'));
    for (const foreign of [other.customerId, other.registrationId, other.surveyId, 'sam.other@example.com', 'Sam']) {
      expect(text).not.toContain(foreign);
    }
    expect(await exportMember(database.db, 'nobody@example.com')).toBeNull();
  });
});
