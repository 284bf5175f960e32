import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveySchema } from '../../../../src/domain/survey';
import { recordAudit } from '../../../../server/features/audit/record-audit';
import type { Database } from '../../../../server/platform/db/client';
import { auditEvents, followUpCases, followUpEvents, outboxEvents } from '../../../../server/platform/db/schema';
import { noteFollowUp } from '../../../../server/features/follow-ups/note-follow-up';
import { resolveFollowUp } from '../../../../server/features/follow-ups/resolve-follow-up';
import { eraseMember } from '../../../../server/features/members/erase-member';
import { exportMember } from '../../../../server/features/members/export-member';
import { eventsAbout } from '../../../../server/features/retention/events-about';
import { recordSurvey } from '../../../../server/features/surveys/record-survey';
import { DRIVERS, openTestDatabase } from '../../helpers/test-database';
import { seedMember, type SeededMember } from '../members/support/member-fixture';

// Issue 25: a member's follow-up cases follow them: exported with them, erased with them.

const EMAIL = 'dana.whitfield@example.com';
const OTHER_EMAIL = 'sam.other@example.com';

describe.each(DRIVERS)("a member's follow-up cases on %s", (driver) => {
  let database: Database;
  let member: SeededMember;
  let other: SeededMember;
  let caseId: string;
  let otherCaseId: string;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    member = await seedMember(database.db, { email: EMAIL, mobileNumber: '+12015550143' });
    other = await seedMember(database.db, {
      email: OTHER_EMAIL,
      mobileNumber: '+12015550144',
      firstName: 'Sam',
      lastName: 'Other',
    });
    const detractor = async (customerId: string) => {
      const survey = await database.db.transaction((tx) =>
        recordSurvey(tx, v.parse(surveySchema, { customerId, recommendToOthersScore: 2, comments: 'Scratched' })),
      );
      const [row] = await database.db.select().from(followUpCases).where(eq(followUpCases.surveyId, survey.id));
      return row!.id;
    };
    caseId = await detractor(member.customerId);
    otherCaseId = await detractor(other.customerId);
    await database.db.transaction(async (tx) => {
      const by = { actor: { kind: 'staff' as const, id: 'manager-7' }, scope: 'all' as const, now: new Date() };
      await noteFollowUp(tx, { ...by, caseId, text: 'Called back' });
      await resolveFollowUp(tx, { ...by, caseId, rootCause: 'damage', note: 'Paid for the mirror' });
      await recordAudit(tx, { actor: by.actor, action: 'follow_up_viewed', subjectId: caseId });
      await recordAudit(tx, { actor: by.actor, action: 'follow_up_viewed', subjectId: otherCaseId });
    });
  });
  afterAll(() => database.close());

  const followUpEventsAbout = (customerId: string) =>
    database.db
      .select({ type: outboxEvents.type })
      .from(outboxEvents)
      .where(
        sql`${eventsAbout({ registrationIds: [], customerIds: [customerId] })} and ${outboxEvents.type} like 'follow_up.%'`,
      );

  it('finds the follow_up events about a member by the member id they carry', async () => {
    expect((await followUpEventsAbout(member.customerId)).map((row) => row.type).sort()).toEqual([
      'follow_up.opened',
      'follow_up.resolved',
    ]);
    expect((await followUpEventsAbout(other.customerId)).map((row) => row.type)).toEqual(['follow_up.opened']);
  });

  it('exports a member’s cases with their timelines, and their follow_up events', async () => {
    const exported = (await exportMember(database.db, EMAIL))!;
    expect(exported.followUpCases).toHaveLength(1);
    const [exportedCase] = exported.followUpCases;
    expect(exportedCase).toMatchObject({
      id: caseId,
      customerId: member.customerId,
      siteId: '7',
      status: 'resolved',
      rootCause: 'damage',
      resolutionNote: 'Paid for the mirror',
    });
    expect(exportedCase!.timeline.map((entry) => [entry.kind, entry.actorId, entry.text])).toEqual([
      ['opened', null, 'Opened by a survey that scored 2 out of 10.'],
      ['note', 'manager-7', 'Called back'],
      ['resolved', 'manager-7', 'Paid for the mirror'],
    ]);
    expect(exported.webhookEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining(['follow_up.opened', 'follow_up.resolved']),
    );
  });

  it('erases a member’s cases, their timelines, the events about them and the case ids in the audit log', async () => {
    const erased = (await eraseMember(database.db, EMAIL, { actor: { kind: 'cli' } }))!;
    // Events: issued, completed, two surveys submitted, the case opened and resolved.
    expect(erased.counts).toMatchObject({ surveys: 2, followUpCases: 1, events: 6 });
    expect(await database.db.select().from(followUpCases).where(eq(followUpCases.id, caseId))).toEqual([]);
    expect(await database.db.select().from(followUpEvents).where(eq(followUpEvents.caseId, caseId))).toEqual([]);
    expect(await followUpEventsAbout(member.customerId)).toEqual([]);
    const viewed = await database.db
      .select({ subjectId: auditEvents.subjectId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'follow_up_viewed'));
    expect(viewed.map((row) => row.subjectId).sort()).toEqual(['erased', otherCaseId].sort());
    const [summary] = await database.db
      .select({ subjectId: auditEvents.subjectId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member_erased'));
    expect(summary!.subjectId).toContain('followUpCases 1');

    // The other member's case is whole.
    expect(await database.db.select().from(followUpCases).where(eq(followUpCases.id, otherCaseId))).toHaveLength(1);
    expect((await exportMember(database.db, OTHER_EMAIL))!.followUpCases.map((row) => row.id)).toEqual([otherCaseId]);
  });
});
