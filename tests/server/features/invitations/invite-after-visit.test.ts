import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAfterVisit } from '../../../../server/features/invitations/invite-after-visit';
import {
  invitationCodeFor,
  invitationCodeHash,
  invitationSecretOf,
} from '../../../../server/features/invitations/invitation-code';
import { recordVisit } from '../../../../server/features/visits/record-visit';
import type { Database, Db } from '../../../../server/platform/db/client';
import { sites, smsMessages, surveyInvitations, surveys } from '../../../../server/platform/db/schema';
import { QUEUES } from '../../../../server/platform/jobs/queues';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { AUTH_SECRET, feedbackFixture, invitationContext } from './support/feedback-fixture';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 09:00 in New York (EST): the visit; its invitation is due two hours later, inside the 08:00–21:00 window. */
const VISIT = new Date('2026-03-02T14:00:00.000Z');
const DUE = new Date(VISIT.getTime() + 2 * HOUR);
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe.each(DRIVERS)('asking a member for feedback after a visit, on %s', (driver) => {
  let database: Database;
  let db: Db;
  let fixture: ReturnType<typeof feedbackFixture>;
  let numbers = 100;
  /** A number no other test uses (budgets and opt-outs are the number's). */
  const newNumber = () => `+1201555${String(++numbers).padStart(4, '0')}`;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    db = database.db;
    fixture = feedbackFixture(db);
  });
  afterAll(() => database.close());

  const invite = (visitId: string, at = DUE, budgets: { perNumber?: number } = {}) =>
    inviteAfterVisit(
      invitationContext(db, () => at, budgets),
      visitId,
    );
  const textsOf = (invitationId: string) =>
    db.select().from(smsMessages).where(eq(smsMessages.invitationId, invitationId)).orderBy(asc(smsMessages.kind));
  const invitationJobs = async (visitId: string) => {
    const result: unknown = await db.execute(
      sql`select start_after from pgboss.job where name = ${QUEUES.surveyInvitation} and data ->> 'visitId' = ${visitId}`,
    );
    return (result as { rows: { start_after: string | Date }[] }).rows.map((row) => new Date(row.start_after));
  };
  /** A site that asks, a member with a number, and their visit at 09:00. */
  const visitOfMember = async (siteSettings: Parameters<typeof fixture.site>[0] = {}, language = 'en') => {
    const siteId = await fixture.site(siteSettings);
    const number = newNumber();
    const member = await fixture.member(number, { language });
    const visitId = await fixture.visit(siteId, number, VISIT);
    return { siteId, number, ...member, visitId };
  };

  it("queues the decision for the visit's delay when a new visit is recorded where the site asks, and only then", async () => {
    const siteId = await fixture.site({ askDelayMinutes: 90 });
    const quiet = await fixture.site({ askAfterVisit: false });
    const visit = (site: string, externalId: string, now: Date) =>
      recordVisit(
        db,
        { siteId: site, externalId, mobileNumber: newNumber(), visitedAt: VISIT.toISOString(), package: '' },
        { recordedByKeyId: null, now },
      );
    const onTime = await visit(siteId, 'pos-1', after(VISIT, MINUTE));
    expect(await invitationJobs(onTime.visit.id)).toEqual([after(VISIT, 90 * MINUTE)]);
    // Reported after its delay: decided at once.
    const late = await visit(siteId, 'pos-2', after(VISIT, 3 * HOUR));
    expect(await invitationJobs(late.visit.id)).toEqual([after(VISIT, 3 * HOUR)]);
    // The point-of-sale's retry is the same visit: no second job.
    const retry = await recordVisit(
      db,
      {
        siteId,
        externalId: 'pos-1',
        mobileNumber: onTime.visit.mobileNumber!,
        visitedAt: VISIT.toISOString(),
        package: '',
      },
      { recordedByKeyId: null, now: after(VISIT, 2 * MINUTE) },
    );
    expect(retry.created).toBe(false);
    expect(await invitationJobs(onTime.visit.id)).toHaveLength(1);
    const elsewhere = await visit(quiet, 'pos-3', after(VISIT, MINUTE));
    expect(await invitationJobs(elsewhere.visit.id)).toEqual([]);
  });

  it("invites the number's newest member in their language, with the text now and its reminder after the site's delay", async () => {
    const { number, visitId, siteId } = await visitOfMember({ inviteReminderMinutes: 3 * 24 * 60 });
    // An older member with the same number is not the one asked.
    const newest = await fixture.member(number, { language: 'es', createdAt: new Date('2026-02-01T12:00:00Z') });
    const outcome = await invite(visitId);
    expect(outcome.invited).toBe(true);
    if (!outcome.invited) return;
    const [invitation] = await db
      .select()
      .from(surveyInvitations)
      .where(eq(surveyInvitations.id, outcome.invitationId));
    expect(invitation).toMatchObject({
      customerId: newest.customerId,
      visitId,
      siteId,
      language: 'es',
      expiresAt: after(DUE, 7 * DAY),
      sentAt: null,
      answeredAt: null,
    });
    // Only the code's hash is kept; the code is made again from the id when the text goes.
    expect(invitation!.tokenHash).toBe(
      invitationCodeHash(invitationCodeFor(invitationSecretOf(AUTH_SECRET), outcome.invitationId)),
    );
    expect(await textsOf(outcome.invitationId)).toMatchObject([
      {
        kind: 'invitation',
        registrationId: newest.registrationId,
        status: 'queued',
        linkToken: null,
        scheduledFor: null,
      },
      { kind: 'invitation_reminder', status: 'queued', linkToken: null, scheduledFor: after(DUE, 3 * DAY) },
    ]);
  });

  it("holds the text for the site's sending window, and queues no reminder where it is off", async () => {
    // 22:00 in New York: the window opens at 08:00 the next morning.
    const lateEvening = new Date('2026-03-03T03:00:00.000Z');
    const siteId = await fixture.site({ inviteReminder: false, askDelayMinutes: 0 });
    const number = newNumber();
    await fixture.member(number);
    const visitId = await fixture.visit(siteId, number, lateEvening);
    const outcome = await invite(visitId, lateEvening);
    if (!outcome.invited) throw new Error(`not invited: ${outcome.reason}`);
    expect(await textsOf(outcome.invitationId)).toMatchObject([
      { kind: 'invitation', scheduledFor: new Date('2026-03-03T13:00:00.000Z') },
    ]);
  });

  it('asks no one at a site that stopped asking, or for a visit more than a day past its due time', async () => {
    const { visitId, siteId } = await visitOfMember();
    expect(await invite(visitId, after(DUE, DAY + MINUTE))).toEqual({ invited: false, reason: 'visit_late' });
    await db.update(sites).set({ askAfterVisit: false }).where(eq(sites.id, siteId));
    expect(await invite(visitId)).toEqual({ invited: false, reason: 'site_not_asking' });
    expect(await invite('no-such-visit')).toEqual({ invited: false, reason: 'visit_gone' });
    expect(await db.select().from(surveyInvitations).where(eq(surveyInvitations.visitId, visitId))).toEqual([]);
    // A day counts from the invitation's due time, the visit plus the site's delay: a minute within it still asks.
    const { visitId: delayed } = await visitOfMember({ askDelayMinutes: 120 });
    expect((await invite(delayed, after(DUE, DAY - MINUTE))).invited).toBe(true);
  });

  it('invites a member at most once in the site’s N days', async () => {
    const { siteId, number, visitId } = await visitOfMember({ askEveryDays: 10 });
    expect((await invite(visitId)).invited).toBe(true);
    const again = await fixture.visit(siteId, number, after(VISIT, 9 * DAY));
    expect(await invite(again, after(DUE, 9 * DAY))).toEqual({ invited: false, reason: 'invited_recently' });
    const later = await fixture.visit(siteId, number, after(VISIT, 10 * DAY));
    expect((await invite(later, after(DUE, 10 * DAY))).invited).toBe(true);
  });

  it('asks no one who answered within N days; an empty survey is no answer', async () => {
    const { customerId, visitId } = await visitOfMember();
    await db.insert(surveys).values({ id: `empty-${customerId}`, customerId, createdAt: after(DUE, -DAY) });
    const { customerId: answered, visitId: answeredVisit } = await visitOfMember();
    await db.insert(surveys).values({
      id: `scored-${answered}`,
      customerId: answered,
      recommendToOthersScore: 9,
      createdAt: after(DUE, -DAY),
    });
    expect(await invite(answeredVisit)).toEqual({ invited: false, reason: 'answered_recently' });
    expect((await invite(visitId)).invited).toBe(true);
  });

  it('never texts a number that opted out', async () => {
    const { number, visitId } = await visitOfMember();
    await fixture.stop(number, VISIT);
    expect(await invite(visitId)).toEqual({ invited: false, reason: 'opted_out' });
  });

  it("asks no one without a completed profile, and never the demo's member", async () => {
    const siteId = await fixture.site();
    const stranger = await fixture.visit(siteId, newNumber(), VISIT);
    expect(await invite(stranger)).toEqual({ invited: false, reason: 'no_member' });
    const demoNumber = newNumber();
    await fixture.member(demoNumber, { demo: true });
    const demoVisit = await fixture.visit(siteId, demoNumber, VISIT);
    expect(await invite(demoVisit)).toEqual({ invited: false, reason: 'no_member' });
  });

  it("asks no one past the number's texting budget", async () => {
    const { siteId, number, visitId } = await visitOfMember({ askEveryDays: 1 });
    const context = invitationContext(db, () => DUE, { perNumber: 1 });
    expect((await inviteAfterVisit(context, visitId)).invited).toBe(true);
    // A day later on the moved clock the N-day rule allows it; the budget, counted on the real clock, is spent.
    const next = await fixture.visit(siteId, number, after(VISIT, DAY + MINUTE));
    const nextContext = { ...context, now: () => after(DUE, DAY + MINUTE) };
    expect(await inviteAfterVisit(nextContext, next)).toEqual({ invited: false, reason: 'text_budget' });
  });

  it("asks no one past the site's hourly texting budget, which is the site's own", async () => {
    const context = invitationContext(db, () => DUE, { perSite: 1 });
    const first = await visitOfMember();
    expect((await inviteAfterVisit(context, first.visitId)).invited).toBe(true);
    // Another member at the same site, within the hour: the site's texts are spent.
    const number = newNumber();
    await fixture.member(number);
    const second = await fixture.visit(first.siteId, number, VISIT);
    expect(await inviteAfterVisit(context, second)).toEqual({ invited: false, reason: 'text_budget' });
    // Another site has a budget of its own.
    expect((await inviteAfterVisit(context, (await visitOfMember()).visitId)).invited).toBe(true);
  });
});
