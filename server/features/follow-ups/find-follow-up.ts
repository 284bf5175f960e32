import { and, asc, eq, sql } from 'drizzle-orm';
import { customerView } from '../../../src/domain/customer-views';
import type { FollowUpDetail, RootCause, TimelineKind } from '../../../src/domain/follow-ups';
import { SURVEY_QUESTIONS } from '../../../src/domain/survey';
import type { Db, Tx } from '../../platform/db/client';
import { customers, followUpCases, followUpEvents, smsInboundMessages, staff, surveys } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';
import type { SiteScope } from '../members/list-conditions';
import { inCaseSites, summaryColumns, toFollowUpSummary } from './case-columns';

/** A case's timeline, oldest first, with the name of the staff member behind each entry (their email if unnamed). */
async function timelineOf(db: Db | Tx, caseId: string): Promise<FollowUpDetail['timeline']> {
  const rows = await db
    .select({
      at: followUpEvents.at,
      actorId: followUpEvents.actorId,
      actorName: sql<string | null>`coalesce(nullif(${staff.name}, ''), ${staff.email})`,
      kind: followUpEvents.kind,
      text: followUpEvents.text,
      messageId: smsInboundMessages.id,
      messageBody: smsInboundMessages.body,
      messageAt: smsInboundMessages.receivedAt,
    })
    .from(followUpEvents)
    .leftJoin(staff, eq(staff.id, followUpEvents.actorId))
    .leftJoin(smsInboundMessages, eq(smsInboundMessages.id, followUpEvents.inboundMessageId))
    .where(eq(followUpEvents.caseId, caseId))
    .orderBy(asc(followUpEvents.at), asc(followUpEvents.seq));
  return rows.map(({ messageId, messageBody, messageAt, ...row }) => ({
    ...row,
    at: row.at.toISOString(),
    kind: row.kind as TimelineKind,
    message:
      messageId && messageAt ? { id: messageId, body: messageBody ?? '', receivedAt: messageAt.toISOString() } : null,
  }));
}

/**
 * A case's page, or null when there is none the caller may see: another site's case is as absent to a manager as
 * one that does not exist. The case stays locked (shared) until the caller's transaction ends, so an erasure of its
 * member waits for the view's audit row and then takes the id out of it too.
 */
export async function findFollowUp(
  db: Db | Tx,
  scope: SiteScope,
  id: string,
  now = new Date(),
): Promise<FollowUpDetail | null> {
  const [row] = await db
    .select({ ...summaryColumns(now), survey: surveys, customer: customers })
    .from(followUpCases)
    .innerJoin(customers, eq(customers.id, followUpCases.customerId))
    .leftJoin(surveys, eq(surveys.id, followUpCases.surveyId))
    .leftJoin(staff, eq(staff.id, followUpCases.assigneeId))
    .where(and(eq(followUpCases.id, id), inCaseSites(scope)))
    .for('share', { of: followUpCases });
  if (!row) return null;
  const { survey } = row;
  const contact = customerView(row.customer);
  return {
    ...toFollowUpSummary(row),
    rootCause: row.followUp.rootCause as RootCause | null,
    resolutionNote: row.followUp.resolutionNote,
    survey: survey && {
      createdAt: survey.createdAt.toISOString(),
      scores: pick(survey, SURVEY_QUESTIONS),
      comments: survey.comments,
    },
    member: {
      name: row.memberName,
      mobileNumber: contact.mobileNumber,
      email: contact.email,
      address: contact.address,
    },
    timeline: await timelineOf(db, row.followUp.id),
  };
}
