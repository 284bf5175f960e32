import { eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../../../src/domain/customer';
import { surveySchema } from '../../../../src/domain/survey';
import type { WebhookEnvelope } from '../../../../src/domain/webhooks';
import { completeProfile } from '../../../../server/features/customers/complete-profile';
import type { Database } from '../../../../server/platform/db/client';
import { followUpCases, followUpEvents, outboxEvents, surveys } from '../../../../server/platform/db/schema';
import { contactFollowUp } from '../../../../server/features/follow-ups/contact-follow-up';
import { countFollowUps, listFollowUps } from '../../../../server/features/follow-ups/list-follow-ups';
import type { followUpData } from '../../../../server/features/integrations/event-payloads';
import { issueRegistration } from '../../../../server/features/registrations/issue-registration';
import { recordSurvey, type RecordSurveyOptions } from '../../../../server/features/surveys/record-survey';
import { validCustomer } from '../../../fixtures/customer';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { expectNoPersonalData } from '../../helpers/personal-data';

// Issue 25, part 2: a detractor's survey opens a follow-up case in the survey's own transaction.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(DRIVERS)('follow-up cases opened by surveys on %s', (driver) => {
  let database: Database;
  let phone = 0;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(() => database.close());

  /** A member who completed a code sold at `siteId`. */
  const member = async (siteId: string) => {
    phone += 1;
    const issued = await issueRegistration(
      database.db,
      {
        mobileNumber: `+1201555${String(1000 + phone).padStart(4, '0')}`,
        planName: 'Plan',
        amount: 10,
        rechargeDate: '2026-12-15',
        siteId,
        sourceSystem: 'till',
        isReturningCustomer: false,
      },
      { publicUrl: 'https://club.example', tokenTtlDays: 30 },
    );
    const customer = await database.db.transaction((tx) =>
      completeProfile(tx, v.parse(customerSchema, validCustomer(issued.registration.id))),
    );
    return customer.id;
  };

  const record = (customerId: string, recommendToOthersScore: number, options: RecordSurveyOptions = {}) =>
    database.db.transaction((tx) =>
      recordSurvey(tx, v.parse(surveySchema, { customerId, recommendToOthersScore, comments: 'Scratched' }), options),
    );

  const caseOf = async (surveyId: string) =>
    (await database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, surveyId)))[0];

  const followUpEventsAbout = async (caseId: string) =>
    (
      await database.db
        .select()
        .from(outboxEvents)
        .where(sql`${outboxEvents.type} like 'follow_up.%'`)
    )
      .map((row) => JSON.parse(row.body) as WebhookEnvelope<ReturnType<typeof followUpData>>)
      .filter((body) => body.data.followUp.id === caseId);

  it('opens a case for a recommend score of 1 to 6, at the member’s site, due FOLLOW_UP_HOURS later', async () => {
    const customerId = await member('north-7');
    const now = new Date('2026-03-07T22:15:00.000Z');
    for (const score of [1, 2, 3, 4, 5, 6]) {
      const survey = await record(customerId, score, { followUpHours: 0.5, now });
      const opened = await caseOf(survey.id);
      expect(opened).toEqual({
        id: expect.any(String),
        surveyId: survey.id,
        customerId,
        siteId: 'north-7',
        status: 'open',
        assigneeId: null,
        openedAt: now,
        dueAt: new Date('2026-03-07T22:45:00.000Z'),
        contactedAt: null,
        resolvedAt: null,
        rootCause: null,
        resolutionNote: null,
        escalatedAt: null,
      });
      const timeline = await database.db.select().from(followUpEvents).where(eq(followUpEvents.caseId, opened!.id));
      expect(timeline).toEqual([
        {
          id: expect.any(String),
          seq: expect.any(Number),
          caseId: opened!.id,
          at: now,
          actorKind: 'system',
          actorId: null,
          kind: 'opened',
          text: `Opened by a survey that scored ${score} out of 10.`,
          inboundMessageId: null,
        },
      ]);
    }
  });

  it('opens nothing for an unanswered recommend question (0) or a score of 7 to 10', async () => {
    const customerId = await member('north-7');
    for (const score of [0, 7, 8, 9, 10]) {
      const survey = await record(customerId, score, { followUpHours: 0.5 });
      expect(await caseOf(survey.id), `score ${score}`).toBeUndefined();
    }
  });

  it('makes the case due 48 hours after the survey when no FOLLOW_UP_HOURS is given', async () => {
    const survey = await record(await member('north-7'), 3);
    const [stored] = await database.db.select().from(surveys).where(eq(surveys.id, survey.id));
    const opened = await caseOf(survey.id);
    expect(opened!.openedAt).toEqual(stored!.createdAt);
    expect(opened!.dueAt.getTime() - opened!.openedAt.getTime()).toBe(48 * HOUR);
  });

  it('tells receivers with a follow_up.opened event of ids and times, never the member’s contact details', async () => {
    const customerId = await member('north-7');
    const now = new Date('2026-04-01T09:00:00.000Z');
    const survey = await record(customerId, 2, { followUpHours: 1.25, now });
    const opened = await caseOf(survey.id);
    const [event, ...others] = await followUpEventsAbout(opened!.id);
    expect(others).toEqual([]);
    expect(event).toEqual({
      type: 'follow_up.opened',
      timestamp: '2026-04-01T09:00:00.000Z',
      version: 1,
      data: {
        followUp: {
          id: opened!.id,
          status: 'open',
          siteId: 'north-7',
          surveyId: survey.id,
          memberId: customerId,
          openedAt: '2026-04-01T09:00:00.000Z',
          dueAt: '2026-04-01T10:15:00.000Z',
          resolvedAt: null,
          rootCause: null,
        },
      },
    });
    expectNoPersonalData(JSON.stringify(event), [
      'dana',
      'whitfield',
      'example.com',
      '+1201555',
      '12 harbor lane',
      'springfield',
      '62704',
    ]);
  });

  it('leaves no case, timeline or event when the survey’s transaction fails after the case was opened', async () => {
    const customerId = await member('north-7');
    const before = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(followUpCases);
    await expect(
      database.db.transaction(async (tx) => {
        await recordSurvey(tx, v.parse(surveySchema, { customerId, recommendToOthersScore: 1 }));
        throw new Error('refused after the survey and its case were written');
      }),
    ).rejects.toThrow('refused after the survey and its case were written');
    expect(await database.db.select().from(surveys).where(eq(surveys.customerId, customerId))).toEqual([]);
    const after = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(followUpCases);
    expect(after).toEqual(before);
    expect(await database.db.select().from(followUpCases).where(eq(followUpCases.customerId, customerId))).toEqual([]);
  });

  it('opens nothing when the survey is refused before it is written (its throttle says no)', async () => {
    const customerId = await member('north-7');
    await expect(
      record(customerId, 1, {
        beforeInsert: () => Promise.reject(new Error('rate limited')),
      }),
    ).rejects.toThrow('rate limited');
    expect(await database.db.select().from(surveys).where(eq(surveys.customerId, customerId))).toEqual([]);
    expect(await database.db.select().from(followUpCases).where(eq(followUpCases.customerId, customerId))).toEqual([]);
  });

  it('writes the case after the survey, so a case that cannot be written refuses the survey too', async () => {
    const customerId = await member('north-7');
    await database.db.execute(
      sql.raw(`create function refuse_case() returns trigger language plpgsql as $$
        begin raise exception 'no case today'; end $$`),
    );
    await database.db.execute(
      sql.raw(
        'create trigger refuse_case before insert on follow_up_cases for each row execute function refuse_case()',
      ),
    );
    try {
      await expect(record(customerId, 4)).rejects.toThrow();
      // A promoter's survey writes no case, so the trigger never fires.
      expect((await record(customerId, 10)).recommendToOthersScore).toBe(10);
    } finally {
      await database.db.execute(sql.raw('drop trigger refuse_case on follow_up_cases'));
      await database.db.execute(sql.raw('drop function refuse_case()'));
    }
    const answers = await database.db.select().from(surveys).where(eq(surveys.customerId, customerId));
    expect(answers.map((row) => row.recommendToOthersScore)).toEqual([10]);
  });

  describe('the inbox', () => {
    const T0 = new Date('2026-05-10T12:00:00.000Z');
    const ids: Record<'overdueOlder' | 'overdueNewer' | 'notYetDue' | 'contactedLongAgo', string> = {
      overdueOlder: '',
      overdueNewer: '',
      notYetDue: '',
      contactedLongAgo: '',
    };
    const SITE = 'inbox-3';
    beforeAll(async () => {
      const open = async (minutesBefore: number) => {
        const survey = await record(await member(SITE), 3, {
          followUpHours: 1,
          now: new Date(T0.getTime() - minutesBefore * MINUTE),
        });
        return (await caseOf(survey.id))!.id;
      };
      // Opened in an order the inbox does not list them in.
      ids.notYetDue = await open(30);
      ids.overdueNewer = await open(120);
      ids.contactedLongAgo = await open(300);
      ids.overdueOlder = await open(180);
      await database.db.transaction((tx) =>
        contactFollowUp(tx, {
          actor: { kind: 'cli' },
          scope: 'all',
          caseId: ids.contactedLongAgo,
          now: new Date(T0.getTime() - 240 * MINUTE),
        }),
      );
      // Another site's case, which a list of this site never shows.
      await record(await member('inbox-4'), 3, { followUpHours: 1, now: new Date(T0.getTime() - 600 * MINUTE) });
    });

    const list = (query: Partial<Parameters<typeof listFollowUps>[2]> = {}, scope: 'all' | string[] = [SITE]) =>
      listFollowUps(database.db, scope, { limit: 50, ...query }, T0);

    it('lists overdue cases first, then the oldest opened; a contacted case is never overdue', async () => {
      const page = await list();
      expect(page.results.map((row) => [row.id, row.overdue])).toEqual([
        [ids.overdueOlder, true],
        [ids.overdueNewer, true],
        [ids.contactedLongAgo, false],
        [ids.notYetDue, false],
      ]);
      expect(page.nextCursor).toBeNull();
    });

    it('pages by key in the same order', async () => {
      const seen: string[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await list({ limit: 1, after });
        seen.push(...page.results.map((row) => row.id));
        if (!page.nextCursor) break;
        after = page.nextCursor;
      }
      expect(seen).toEqual([ids.overdueOlder, ids.overdueNewer, ids.contactedLongAgo, ids.notYetDue]);
    });

    it('ends on a page of exactly limit cases, and offers a next page while one more remains', async () => {
      expect(await list({ limit: 4 })).toMatchObject({ results: { length: 4 }, nextCursor: null });
      const three = await list({ limit: 3 });
      expect(three.results).toHaveLength(3);
      expect(await list({ limit: 3, after: three.nextCursor! })).toEqual({
        results: [expect.objectContaining({ id: ids.notYetDue })],
        nextCursor: null,
      });
    });

    it('judges overdue as of now: an hour later the case that was not yet due is overdue too', async () => {
      const later = await listFollowUps(database.db, [SITE], { limit: 50 }, new Date(T0.getTime() + HOUR));
      expect(later.results.map((row) => [row.id, row.overdue])).toEqual([
        [ids.overdueOlder, true],
        [ids.overdueNewer, true],
        [ids.notYetDue, true],
        [ids.contactedLongAgo, false],
      ]);
    });

    it('filters by status, site and assignee', async () => {
      expect((await list({ status: 'contacted' })).results.map((row) => row.id)).toEqual([ids.contactedLongAgo]);
      expect((await list({ status: 'resolved' })).results).toEqual([]);
      expect((await list({ assignee: 'none' })).results).toHaveLength(4);
      expect((await list({ assignee: '4f9c7a52-8d3e-4b1a-9c6f-2e7d5a8b1c30' })).results).toEqual([]);
      const both = await list({}, [SITE, 'inbox-4']);
      expect(both.results).toHaveLength(5);
      expect(both.results[0]!.siteId).toBe('inbox-4');
    });

    it('answers each row with the member’s name and the survey’s score, and no contact details', async () => {
      const [row] = (await list()).results;
      expect(row).toEqual({
        id: ids.overdueOlder,
        status: 'open',
        siteId: SITE,
        memberId: expect.any(String),
        memberName: 'Dana Whitfield',
        surveyId: expect.any(String),
        recommendScore: 3,
        openedAt: '2026-05-10T09:00:00.000Z',
        dueAt: '2026-05-10T10:00:00.000Z',
        overdue: true,
        assignee: null,
        contactedAt: null,
        resolvedAt: null,
      });
    });

    it('counts the cases waiting for a first contact, and the overdue among them', async () => {
      expect(await countFollowUps(database.db, [SITE], T0)).toEqual({ open: 3, overdue: 2 });
      expect(await countFollowUps(database.db, [SITE, 'inbox-4'], T0)).toEqual({ open: 4, overdue: 3 });
      expect(await countFollowUps(database.db, ['nowhere'], T0)).toEqual({ open: 0, overdue: 0 });
    });
  });

  it('keeps a case’s timeline with the case only (on delete cascade)', async () => {
    const survey = await record(await member('north-7'), 5);
    const opened = await caseOf(survey.id);
    await database.db.delete(followUpCases).where(eq(followUpCases.id, opened!.id));
    expect(
      await database.db
        .select()
        .from(followUpEvents)
        .where(inArray(followUpEvents.caseId, [opened!.id])),
    ).toEqual([]);
  });
});
