import { and, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js/min';
import { toE164 } from '../../../src/domain/phone';
import { VISIT_MESSAGES, VISIT_TIME_LIMITS, type NewVisit, type VisitAnswer } from '../../../src/domain/visits';
import type { Db, Tx } from '../../platform/db/client';
import { customers, sites, visits } from '../../platform/db/schema';
import { enqueue } from '../../platform/jobs/job-queue';
import { QUEUES } from '../../platform/jobs/queues';
import { visitData } from '../integrations/event-payloads';
import { recordEvent } from '../integrations/outbox';
import { ApiError, validationFailed } from '../../platform/http/api-error';
import { newId } from '../../platform/values/tokens';
import { ensureSites } from '../sites/sites';

type VisitRow = typeof visits.$inferSelect;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The visit as the point-of-sale's answer gives it: the member as it named them (decision 052). */
export const visitAnswer = (row: VisitRow): VisitAnswer => ({
  id: row.id,
  siteId: row.siteId,
  externalId: row.externalId,
  visitedAt: row.visitedAt.toISOString(),
  mobileNumber: row.customerId === null ? row.mobileNumber : null,
  customerId: row.customerId,
  package: row.packageName,
  recordedAt: row.createdAt.toISOString(),
});

/** When the visit happened: now when not sent; refused (400) too far ahead of our clock or too long ago. */
function visitTime(sent: string | undefined, now: Date): Date {
  if (sent === undefined) return now;
  const at = new Date(sent);
  if (at.getTime() > now.getTime() + VISIT_TIME_LIMITS.aheadMinutes * MINUTE_MS) {
    throw validationFailed({ visitedAt: VISIT_MESSAGES.visitedAtAhead });
  }
  if (at.getTime() < now.getTime() - VISIT_TIME_LIMITS.backDays * DAY_MS) {
    throw validationFailed({ visitedAt: VISIT_MESSAGES.visitedAtPast });
  }
  return at;
}

/** Whom the visit is of: a number (E.164), and the member's id when the point-of-sale named them by it. */
async function visitor(
  tx: Tx,
  visit: NewVisit,
  country: CountryCode | undefined,
): Promise<{ mobileNumber: string; customerId: string | null }> {
  if (visit.mobileNumber !== undefined && visit.customerId !== undefined) {
    throw validationFailed({ mobileNumber: VISIT_MESSAGES.memberBoth, customerId: VISIT_MESSAGES.memberBoth });
  }
  if (visit.customerId !== undefined) {
    const [member] = await tx
      .select({ mobileNumber: customers.mobileNumber })
      .from(customers)
      .where(eq(customers.id, visit.customerId));
    if (!member) throw validationFailed({ customerId: VISIT_MESSAGES.customerId });
    return { mobileNumber: member.mobileNumber, customerId: visit.customerId };
  }
  if (visit.mobileNumber === undefined) throw validationFailed({ mobileNumber: VISIT_MESSAGES.member });
  const mobileNumber = toE164(visit.mobileNumber, country);
  if (!mobileNumber) throw validationFailed({ mobileNumber: VISIT_MESSAGES.mobileNumber });
  return { mobileNumber, customerId: null };
}

/**
 * A visit at a site that asks for feedback queues the job that decides, once the site's delay has passed, whether
 * its member is asked (decision 053); a visit reported after its delay is decided at once.
 */
async function queueInvitation(tx: Tx, visit: VisitRow, now: Date): Promise<void> {
  const [site] = await tx
    .select({ asks: sites.askAfterVisit, delayMinutes: sites.askDelayMinutes })
    .from(sites)
    .where(eq(sites.id, visit.siteId));
  if (!site?.asks) return;
  const due = new Date(visit.visitedAt.getTime() + site.delayMinutes * MINUTE_MS);
  await enqueue(tx, QUEUES.surveyInvitation, { visitId: visit.id }, { startAfter: due > now ? due : now });
}

/**
 * Records a point-of-sale's visit with its `visit.recorded` event and, where the site asks, its invitation's job, in
 * one transaction; `created` false when the site
 * already has this `externalId` with the same member, package and (when sent) time, whose visit it answers. The same
 * `externalId` for another visit is refused (409 `external_id_reused`). Concurrent
 * first tries of one visit meet on the unique index: the second waits for the first, then finds its row.
 */
export async function recordVisit(
  db: Db,
  visit: NewVisit,
  options: { defaultPhoneCountry?: CountryCode; recordedByKeyId: string | null; now?: Date },
): Promise<{ created: boolean; visit: VisitAnswer }> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const visitedAt = visitTime(visit.visitedAt, now);
    const who = await visitor(tx, visit, options.defaultPhoneCountry);
    const id = newId();
    const [inserted] = await tx
      .insert(visits)
      .values({
        id,
        siteId: visit.siteId,
        externalId: visit.externalId,
        visitedAt,
        mobileNumber: who.mobileNumber,
        customerId: who.customerId,
        packageName: visit.package,
        recordedByKeyId: options.recordedByKeyId,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [visits.siteId, visits.externalId] })
      .returning();
    if (!inserted) {
      const [first] = await tx
        .select()
        .from(visits)
        .where(and(eq(visits.siteId, visit.siteId), eq(visits.externalId, visit.externalId)));
      const same =
        first &&
        first.mobileNumber === who.mobileNumber &&
        first.customerId === who.customerId &&
        first.packageName === visit.package &&
        (visit.visitedAt === undefined || first.visitedAt.getTime() === visitedAt.getTime());
      if (!same) throw new ApiError(409, 'external_id_reused', VISIT_MESSAGES.externalIdReused);
      return { created: false, visit: visitAnswer(first) };
    }
    await ensureSites(tx, [inserted.siteId]);
    const members = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.mobileNumber, who.mobileNumber))
      .orderBy(customers.createdAt, customers.id);
    await recordEvent(
      tx,
      'visit.recorded',
      visitData(
        inserted,
        members.map((member) => member.id),
      ),
      now,
    );
    await queueInvitation(tx, inserted, now);
    return { created: true, visit: visitAnswer(inserted) };
  });
}
