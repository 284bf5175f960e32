import { count, eq, inArray, or } from 'drizzle-orm';
import type { DemoData, RemovedDemoData } from '../../../src/domain/demo-data';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../../platform/db/client';
import {
  customers,
  followUpCases,
  idempotencyKeys,
  outboxEvents,
  registrations,
  sites,
  smsMessages,
  surveys,
} from '../../platform/db/schema';
import { eventsAbout } from '../retention/events-about';
import { isDemoMember } from './not-demo';

/** What the demo made and is still there (decision 049): the owner's notice reads it. */
export async function findDemoData(db: Db | Tx): Promise<DemoData> {
  const [[codes], [people], [answers], [cases], demoSites] = await Promise.all([
    db.select({ n: count() }).from(registrations).where(eq(registrations.isDemo, true)),
    db.select({ n: count() }).from(customers).where(isDemoMember(customers.id)),
    db.select({ n: count() }).from(surveys).where(isDemoMember(surveys.customerId)),
    db.select({ n: count() }).from(followUpCases).where(isDemoMember(followUpCases.customerId)),
    db.select({ id: sites.id }).from(sites).where(eq(sites.isDemo, true)).orderBy(sites.id),
  ]);
  return {
    registrations: codes?.n ?? 0,
    members: people?.n ?? 0,
    surveys: answers?.n ?? 0,
    followUpCases: cases?.n ?? 0,
    sites: demoSites.map((site) => site.id),
  };
}

/** Whether anything of the demo is left: one cheap look (the partial index), made before every real code. */
async function anyDemoData(tx: Tx): Promise<boolean> {
  const found = await tx
    .select({ id: registrations.id })
    .from(registrations)
    .where(eq(registrations.isDemo, true))
    .union(tx.select({ id: sites.id }).from(sites).where(eq(sites.isDemo, true)))
    .limit(1);
  return found.length > 0;
}

/** The audit row's subject: what was removed, counted. */
const removalSummary = (removed: RemovedDemoData) =>
  Object.entries(removed)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');

/**
 * Deletes the demo code and everything made from it, in the caller's transaction so nothing is half-deleted: its
 * member's follow-up cases (their timelines and alerts go with them), surveys, idempotency keys, the member (their
 * consent history goes with them), the code's texts, the outbox events about them (and their deliveries), the code
 * itself and the sites made only for it. Audited with counts, by `actor`. Null, having written nothing, when there
 * was no demo data.
 */
export async function removeDemoDataIn(
  tx: Tx,
  by: { actor: Actor; client?: string | null; reason: 'asked' | 'first_real_code' | 'first_real_site' },
): Promise<RemovedDemoData | null> {
  if (!(await anyDemoData(tx))) return null;
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);
  const registrationIds = await ids(
    tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.isDemo, true)),
  );
  const customerIds = registrationIds.length
    ? await ids(
        tx.select({ id: customers.id }).from(customers).where(inArray(customers.registrationId, registrationIds)),
      )
    : [];
  await tx.delete(outboxEvents).where(eventsAbout({ registrationIds, customerIds }));
  const cases = customerIds.length
    ? await ids(
        tx
          .delete(followUpCases)
          .where(inArray(followUpCases.customerId, customerIds))
          .returning({ id: followUpCases.id }),
      )
    : [];
  const surveyIds = customerIds.length
    ? await ids(tx.delete(surveys).where(inArray(surveys.customerId, customerIds)).returning({ id: surveys.id }))
    : [];
  if (customerIds.length || surveyIds.length) {
    await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.resourceId, [...customerIds, ...surveyIds]));
  }
  const members = customerIds.length
    ? await ids(tx.delete(customers).where(inArray(customers.id, customerIds)).returning({ id: customers.id }))
    : [];
  const texts = registrationIds.length
    ? await ids(
        tx
          .delete(smsMessages)
          .where(inArray(smsMessages.registrationId, registrationIds))
          .returning({ id: smsMessages.id }),
      )
    : [];
  const codes = registrationIds.length
    ? await ids(
        tx
          .delete(registrations)
          .where(
            or(
              inArray(registrations.id, registrationIds),
              customerIds.length ? inArray(registrations.customerId, customerIds) : undefined,
            ),
          )
          .returning({ id: registrations.id }),
      )
    : [];
  const demoSites = await ids(tx.delete(sites).where(eq(sites.isDemo, true)).returning({ id: sites.id }));
  const removed: RemovedDemoData = {
    registrations: codes.length,
    members: members.length,
    surveys: surveyIds.length,
    followUpCases: cases.length,
    textMessages: texts.length,
    sites: demoSites.length,
  };
  await recordAudit(tx, {
    actor: by.actor,
    action: 'demo_data_removed',
    subjectId: `${by.reason}: ${removalSummary(removed)}`,
    client: by.client ?? null,
  });
  return removed;
}

/** The owner's "Remove demo data": one transaction. */
export const removeDemoData = (db: Db, by: { actor: Actor; client?: string | null }) =>
  db.transaction((tx) => removeDemoDataIn(tx, { ...by, reason: 'asked' }));
