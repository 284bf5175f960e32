import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberQuery } from '../../../../src/domain/members';
import type { Database } from '../../../../server/platform/db/client';
import {
  customers,
  registrations,
  smsMessages,
  surveyInvitations,
  surveys,
  visits,
} from '../../../../server/platform/db/schema';
import { findMember } from '../../../../server/features/members/find-member';
import { listMembers } from '../../../../server/features/members/list-members';
import { membersCsv } from '../../../../server/features/members/members-csv';
import { MEMBER_TEXTS_SHOWN } from '../../../../server/features/members/member-texts';
import { listIssuedCodes } from '../../../../server/features/registrations/list-issued-codes';
import { customerRow } from '../../helpers/customer-row';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';

/**
 * What the console shows of feedback after visits (decision 053): a member's texts of every kind, their answers with
 * the visit each followed, their latest score and the members list's filter by it, and a code's reminder in today's
 * codes. Rows are written as the sending and answering sides write them.
 */

const at = (iso: string) => new Date(iso);

async function addMember(database: Database, id: string, siteId: string, joinedAt: string): Promise<void> {
  await database.db.insert(registrations).values({
    id: `r-${id}`,
    mobileNumber: `+1201555${id.padStart(4, '0')}`,
    saleDate: at(joinedAt),
    siteId,
    isCompleted: true,
    customerId: id,
    createdAt: at(joinedAt),
    completedAt: at(joinedAt),
  });
  await database.db.insert(customers).values(
    customerRow({
      id,
      registrationId: `r-${id}`,
      mobileNumber: `+1201555${id.padStart(4, '0')}`,
      createdAt: at(joinedAt),
    }),
  );
}

async function addSurvey(
  database: Database,
  id: string,
  customerId: string,
  createdAt: string,
  recommend: number,
  extra: { comments?: string; invitationId?: string } = {},
): Promise<void> {
  await database.db.insert(surveys).values({
    id,
    customerId,
    recommendToOthersScore: recommend,
    washQualityScore: recommend === 0 ? 0 : 8,
    comments: extra.comments ?? '',
    invitationId: extra.invitationId ?? null,
    createdAt: at(createdAt),
  });
}

type TextRow = typeof smsMessages.$inferInsert;
const text = (row: Pick<TextRow, 'id' | 'registrationId' | 'kind' | 'createdAt'> & Partial<TextRow>): TextRow => ({
  status: 'queued',
  ...row,
});

describe.each(DRIVERS)("a member's feedback over time on %s", (driver) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    // m1 joined at site 7, visited site 9, was invited after it and answered.
    await addMember(database, '1', '7', '2026-03-10T12:00:00Z');
    await database.db.insert(visits).values([
      {
        id: 'v1',
        siteId: '9',
        externalId: 'x1',
        visitedAt: at('2026-03-20T15:00:00Z'),
        mobileNumber: '+12015550001',
      },
    ]);
    await database.db.insert(surveyInvitations).values([
      {
        id: 'i1',
        tokenHash: 'hash-1',
        customerId: '1',
        visitId: 'v1',
        siteId: '9',
        language: 'en',
        expiresAt: at('2026-03-27T17:00:00Z'),
        sentAt: at('2026-03-20T17:00:00Z'),
        answeredAt: at('2026-03-21T09:00:00Z'),
        createdAt: at('2026-03-20T17:00:00Z'),
      },
      // Its visit erased since (retention): the invitation keeps its site.
      {
        id: 'i2',
        tokenHash: 'hash-2',
        customerId: '1',
        visitId: null,
        siteId: '9',
        language: 'en',
        expiresAt: at('2026-04-08T17:00:00Z'),
        createdAt: at('2026-04-01T17:00:00Z'),
      },
    ]);
    await database.db.insert(smsMessages).values([
      text({
        id: 't-code',
        registrationId: 'r-1',
        kind: 'code',
        status: 'sent',
        sentAt: at('2026-03-10T12:00:05Z'),
        createdAt: at('2026-03-10T12:00:00Z'),
      }),
      text({
        id: 't-code-reminder',
        registrationId: 'r-1',
        kind: 'code_reminder',
        status: 'failed',
        errorCode: 'registration_completed',
        createdAt: at('2026-03-10T12:00:00.001Z'),
      }),
      text({
        id: 't-invite',
        registrationId: 'r-1',
        kind: 'invitation',
        invitationId: 'i1',
        status: 'sent',
        sentAt: at('2026-03-20T17:00:01Z'),
        createdAt: at('2026-03-20T17:00:00Z'),
      }),
      text({
        id: 't-invite-reminder',
        registrationId: 'r-1',
        kind: 'invitation_reminder',
        invitationId: 'i1',
        status: 'failed',
        errorCode: 'invitation_answered',
        createdAt: at('2026-03-20T17:00:00Z'),
      }),
      text({
        id: 't-invite-2',
        registrationId: 'r-1',
        kind: 'invitation',
        invitationId: 'i2',
        scheduledFor: at('2026-04-02T15:00:00Z'),
        createdAt: at('2026-04-01T17:00:00Z'),
      }),
    ]);
    await addSurvey(database, 's-signup', '1', '2026-03-10T12:05:00Z', 10, { comments: 'Great' });
    await addSurvey(database, 's-visit', '1', '2026-03-21T09:00:00Z', 4, { invitationId: 'i1' });
    // Later answers that gave no recommend score leave the 4 their latest.
    await addSurvey(database, 's-skipped', '1', '2026-04-02T09:00:00Z', 0, { comments: 'Only a comment' });
    await addSurvey(database, 's-empty', '1', '2026-04-03T09:00:00Z', 0);

    // m2: 3 then 9, a promoter now. m3: only an empty survey. m4: 7, a passive. m5: no survey.
    await addMember(database, '2', '7', '2026-03-11T12:00:00Z');
    await addSurvey(database, 's2-old', '2', '2026-03-11T12:05:00Z', 3);
    await addSurvey(database, 's2-new', '2', '2026-03-25T12:05:00Z', 9);
    await addMember(database, '3', '7', '2026-03-12T12:00:00Z');
    await addSurvey(database, 's3', '3', '2026-03-12T12:05:00Z', 0);
    await addMember(database, '4', '9', '2026-03-13T12:00:00Z');
    await addSurvey(database, 's4', '4', '2026-03-13T12:05:00Z', 7);
    await addMember(database, '5', '9', '2026-03-14T12:00:00Z');
    // Another member's code text is not m1's.
    await database.db
      .insert(smsMessages)
      .values(text({ id: 't-other', registrationId: 'r-2', kind: 'code', createdAt: at('2026-03-11T12:00:00Z') }));
  });
  afterAll(() => database.close());

  const member = async (id: string) => (await findMember(database.db, 'all', id))!;

  it('lists every text of the member, all kinds, newest first, each with its site and invitation', async () => {
    const { texts, registration } = await member('1');
    expect(texts.map((t) => t.id)).toEqual([
      't-invite-2',
      't-invite-reminder',
      't-invite',
      't-code-reminder',
      't-code',
    ]);
    expect(texts[0]).toEqual({
      id: 't-invite-2',
      kind: 'invitation',
      status: 'queued',
      errorCode: null,
      attempts: 0,
      sentAt: null,
      scheduledFor: '2026-04-02T15:00:00.000Z',
      createdAt: '2026-04-01T17:00:00.000Z',
      siteId: '9',
      invitationId: 'i2',
    });
    expect(texts[1]).toMatchObject({ kind: 'invitation_reminder', status: 'failed', errorCode: 'invitation_answered' });
    expect(texts[3]).toMatchObject({ kind: 'code_reminder', siteId: '7', invitationId: null });
    expect(texts[4]).toMatchObject({ kind: 'code', status: 'sent', sentAt: '2026-03-10T12:00:05.000Z', siteId: '7' });
    // The registration's text stays the code's, not its later reminder.
    expect(registration.sms).toMatchObject({ status: 'sent', sentAt: '2026-03-10T12:00:05.000Z' });
  });

  it(`shows at most the newest ${MEMBER_TEXTS_SHOWN} texts`, async () => {
    await database.db.insert(smsMessages).values(
      Array.from({ length: MEMBER_TEXTS_SHOWN }, (_, i) =>
        text({
          id: `t-many-${i}`,
          registrationId: 'r-5',
          kind: 'code',
          createdAt: at(`2026-03-14T13:${String(i).padStart(2, '0')}:00Z`),
        }),
      ),
    );
    await database.db
      .insert(smsMessages)
      .values(text({ id: 't-first', registrationId: 'r-5', kind: 'code', createdAt: at('2026-03-14T12:00:00Z') }));
    const { texts } = await member('5');
    expect(texts).toHaveLength(MEMBER_TEXTS_SHOWN);
    expect(texts[0]!.id).toBe(`t-many-${MEMBER_TEXTS_SHOWN - 1}`);
    expect(texts.map((t) => t.id)).not.toContain('t-first');
  });

  it('says of each answer whether it followed a visit, when and where', async () => {
    const { surveys: answers } = await member('1');
    expect(answers.map((a) => [a.id, a.invitationId, a.siteId, a.visitedAt, a.band])).toEqual([
      ['s-empty', null, null, null, null],
      ['s-skipped', null, null, null, null],
      ['s-visit', 'i1', '9', '2026-03-20T15:00:00.000Z', 'detractor'],
      ['s-signup', null, null, null, 'promoter'],
    ]);
  });

  it("keeps a visit at a site the manager may not see to itself: its invitations' texts, its answer's day and site", async () => {
    const seen = (await findMember(database.db, ['7'], '1'))!;
    expect(seen.texts.map((t) => t.id)).toEqual(['t-code-reminder', 't-code']);
    expect(seen.surveys.find((a) => a.id === 's-visit')).toMatchObject({
      invitationId: 'i1',
      siteId: null,
      visitedAt: null,
    });
    // The answer and the score are the member's.
    expect(seen.latestScore).toMatchObject({ score: 4 });
    const both = (await findMember(database.db, ['7', '9'], '1'))!;
    expect(both.texts).toHaveLength(5);
    expect(both.surveys.find((a) => a.id === 's-visit')).toMatchObject({ siteId: '9' });
  });

  it('gives the latest score that answered the recommend question, or none', async () => {
    expect((await member('1')).latestScore).toEqual({ score: 4, band: 'detractor', at: '2026-03-21T09:00:00.000Z' });
    expect((await member('2')).latestScore).toEqual({ score: 9, band: 'promoter', at: '2026-03-25T12:05:00.000Z' });
    expect((await member('3')).latestScore).toBeNull();
    expect((await member('5')).latestScore).toBeNull();
  });

  it('filters the members list by the band of the latest score, with the other filters', async () => {
    const ids = async (query: Partial<MemberQuery>, sites: 'all' | string[] = 'all') =>
      (await listMembers(database.db, sites, { limit: 50, ...query })).results.map((m) => m.id);
    expect(await ids({ latestScore: 'promoter' })).toEqual(['2']);
    expect(await ids({ latestScore: 'passive' })).toEqual(['4']);
    // m1's 10 at sign-up is not their latest; a later survey without a score does not end their 4.
    expect(await ids({ latestScore: 'detractor' })).toEqual(['1']);
    expect(await ids({ latestScore: 'detractor' }, ['9'])).toEqual([]);
    expect(await ids({})).toEqual(['5', '4', '3', '2', '1']);
    // The CSV export selects with the list's filters.
    const csv = await new Response(membersCsv(database.db, 'all', { latestScore: 'promoter' })).text();
    expect(parse<Record<string, string>>(csv, { bom: true, columns: true }).map((row) => row.id)).toEqual(['2']);
  });

  it("shows today's codes with the code text's status and its reminder's", async () => {
    await database.db.insert(registrations).values([
      {
        id: 'c-due',
        mobileNumber: '+12015559001',
        saleDate: at('2026-05-01T15:00:00Z'),
        siteId: '7',
        createdAt: at('2026-05-01T15:00:00Z'),
      },
      {
        id: 'c-plain',
        mobileNumber: '+12015559002',
        saleDate: at('2026-05-01T16:00:00Z'),
        siteId: '7',
        createdAt: at('2026-05-01T16:00:00Z'),
      },
    ]);
    await database.db.insert(smsMessages).values([
      text({
        id: 'c-due-code',
        registrationId: 'c-due',
        kind: 'code',
        status: 'sent',
        sentAt: at('2026-05-01T15:00:02Z'),
        createdAt: at('2026-05-01T15:00:00Z'),
      }),
      // The reminder is newer than the code's text, yet the code's status stays its own text's.
      text({
        id: 'c-due-reminder',
        registrationId: 'c-due',
        kind: 'code_reminder',
        scheduledFor: at('2026-05-02T15:00:00Z'),
        createdAt: at('2026-05-01T15:00:00.001Z'),
      }),
      text({
        id: 'c-plain-code',
        registrationId: 'c-plain',
        kind: 'code',
        status: 'failed',
        errorCode: '21211',
        createdAt: at('2026-05-01T16:00:00Z'),
      }),
    ]);
    const page = await listIssuedCodes(
      database.db,
      'all',
      { limit: 50 },
      { defaultTimeZone: 'UTC', now: at('2026-05-01T20:00:00Z') },
    );
    expect(page.results.map((code) => [code.id, code.sms?.status, code.reminder])).toEqual([
      ['c-plain', 'failed', null],
      [
        'c-due',
        'sent',
        { status: 'queued', errorCode: null, attempts: 0, sentAt: null, scheduledFor: '2026-05-02T15:00:00.000Z' },
      ],
    ]);
    await database.db
      .update(smsMessages)
      .set({ status: 'sent', sentAt: at('2026-05-02T15:00:03Z') })
      .where(eq(smsMessages.id, 'c-due-reminder'));
    const later = await listIssuedCodes(
      database.db,
      'all',
      { limit: 50, day: '2026-05-01' },
      { defaultTimeZone: 'UTC' },
    );
    expect(later.results[1]!.reminder).toMatchObject({ status: 'sent', sentAt: '2026-05-02T15:00:03.000Z' });
  });
});
