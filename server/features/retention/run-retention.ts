import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import {
  customers,
  idempotencyKeys,
  outboxEvents,
  rateLimits,
  registrations,
  smsInboundMessages,
  smsMessages,
  visits,
  webhookDeliveries,
} from '../../platform/db/schema';
import { JOB_SCHEMA, QUEUES } from '../../platform/jobs/queues';
import { retentionCutoffs, type RetentionSettings } from './retention-rules';

/** What one pass deleted, by kind of row: counts only, never what the rows held. */
export interface RetentionCounts {
  idempotencyKeys: number;
  rateLimits: number;
  registrations: number;
  /** Texts both ways: those of the registrations deleted, and texts from numbers no member has. */
  textMessages: number;
  events: number;
  deliveries: number;
  /** Visits of numbers no member has, STRANGER_VISIT_RETENTION_DAYS after they happened. */
  visits: number;
}

/**
 * Rows deleted by one statement. Each statement is its own short transaction: a pass over a large backlog (the
 * first after an upgrade) never holds locks for long, and whatever it did not reach waits for the next batch.
 */
const BATCH = 500;

async function counted(db: Db, statement: SQL): Promise<Record<string, number>> {
  // `Db` spans both drivers, so `execute` cannot type its answer; both answer `{ rows }`.
  const result: unknown = await db.execute(statement);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  return Object.fromEntries(Object.entries(row ?? {}).map(([name, value]) => [name, Number(value)]));
}

/** Runs `step` until a batch comes back short, adding up what each deleted. */
async function inBatches<K extends string>(
  step: () => Promise<Record<string, number>>,
  batchKey: K,
): Promise<Record<string, number>> {
  const total: Record<string, number> = {};
  for (;;) {
    const deleted = await step();
    for (const [name, count] of Object.entries(deleted)) total[name] = (total[name] ?? 0) + count;
    if ((deleted[batchKey] ?? 0) < BATCH) return total;
  }
}

/**
 * The retention pass (README "Data retention"): deletes what has outlived its purpose, as of `now`.
 * - idempotency keys first used IDEMPOTENCY_TTL_HOURS ago or more (a key counts while its row exists);
 * - throttle counters whose window has ended;
 * - registrations never completed, UNCOMPLETED_RETENTION_DAYS after their code expired, with their text-message
 *   rows and the events (and deliveries) about them;
 * - texts received from a number no member has, as long after they arrived (UNCOMPLETED_RETENTION_DAYS);
 * - visits of a number no member has, STRANGER_VISIT_RETENTION_DAYS after they happened (an invitation that
 *   followed one stays, without it);
 * - events EVENT_RETENTION_DAYS old or more whose every delivery is settled (delivered or failed), or that have none
 *   and no delivery job still to run, with their deliveries.
 * A completed registration is kept as long as its customer; only erasing the member removes it.
 */
export async function runRetention(db: Db, settings: RetentionSettings, now = new Date()): Promise<RetentionCounts> {
  const cut = retentionCutoffs(settings, now);

  const keys = await inBatches(
    () =>
      counted(
        db,
        sql`with gone as (
          delete from ${idempotencyKeys} where (scope, key) in (
            select k.scope, k.key from ${idempotencyKeys} k where k.created_at <= ${cut.idempotencyKeysCreatedBy}
            limit ${BATCH})
          returning 1)
        select count(*)::int as keys from gone`,
      ),
    'keys',
  );

  const counters = await inBatches(
    () =>
      counted(
        db,
        sql`with gone as (
          delete from ${rateLimits} where key in (
            select r.key from ${rateLimits} r where r.expire <= ${cut.rateLimitsExpiredBy} limit ${BATCH})
          returning 1)
        select count(*)::int as counters from gone`,
      ),
    'counters',
  );

  // The events about a registration name it in `data.registration.id`: only the registrations' own events.
  const uncompleted = await inBatches(
    () =>
      counted(
        db,
        sql`with doomed as materialized (
          select r.id from ${registrations} r
          where not r.is_completed and r.expires_at <= ${cut.uncompletedExpiredBy}
            and not exists (select 1 from ${customers} c where c.registration_id = r.id)
          limit ${BATCH}
        ), about as materialized (
          select e.id from ${outboxEvents} e
          where e.type in ('registration.issued', 'registration.completed')
            and (e.body::jsonb #>> '{data,registration,id}') in (select id from doomed)
        ), gone_deliveries as (
          delete from ${webhookDeliveries} where event_id in (select id from about) returning 1
        ), gone_events as (
          delete from ${outboxEvents} where id in (select id from about) returning 1
        ), gone_texts as (
          delete from ${smsMessages} where registration_id in (select id from doomed) returning 1
        ), gone as (
          delete from ${registrations} where id in (select id from doomed) returning 1
        )
        select (select count(*)::int from gone) as registrations,
               (select count(*)::int from gone_texts) as texts,
               (select count(*)::int from gone_events) as events,
               (select count(*)::int from gone_deliveries) as deliveries`,
      ),
    'registrations',
  );

  // A text from a number no member has (a stranger's, or a member's since erased) goes as an uncompleted
  // registration does, as long after it arrived; the number's opt-out, if it sent one, stays (decision 030).
  const strangers = await inBatches(
    () =>
      counted(
        db,
        sql`with gone as (
          delete from ${smsInboundMessages} where id in (
            select m.id from ${smsInboundMessages} m
            where m.received_at <= ${cut.uncompletedExpiredBy}
              and not exists (select 1 from ${customers} c where c.mobile_number = m.from_number)
            limit ${BATCH})
          returning 1)
        select count(*)::int as inbound from gone`,
      ),
    'inbound',
  );

  const strangerVisits = await inBatches(
    () =>
      counted(
        db,
        sql`with gone as (
          delete from ${visits} where id in (
            select v.id from ${visits} v
            where v.visited_at <= ${cut.strangerVisitsBy}
              and not exists (select 1 from ${customers} c where c.mobile_number = v.mobile_number)
            limit ${BATCH})
          returning 1)
        select count(*)::int as visits from gone`,
      ),
    'visits',
  );

  // An event whose delivery job has not run yet (one queued by its event id, before any delivery row exists) is
  // kept as if it had a pending delivery: the job would find nothing to send.
  const events = await inBatches(
    () =>
      counted(
        db,
        sql`with doomed as materialized (
          select e.id from ${outboxEvents} e
          where e.created_at <= ${cut.eventsCreatedBy}
            and not exists (
              select 1 from ${webhookDeliveries} d
              where d.event_id = e.id and d.status not in ('delivered', 'failed'))
            and not exists (
              select 1 from ${sql.raw(JOB_SCHEMA)}.job j
              where j.name in (${QUEUES.webhookEvent}, ${QUEUES.webhookDelivery}) and j.state < 'completed'
                and j.data ->> 'eventId' = e.id)
          limit ${BATCH}
        ), gone_deliveries as (
          delete from ${webhookDeliveries} where event_id in (select id from doomed) returning 1
        ), gone as (
          delete from ${outboxEvents} where id in (select id from doomed) returning 1
        )
        select (select count(*)::int from gone) as events,
               (select count(*)::int from gone_deliveries) as deliveries`,
      ),
    'events',
  );

  return {
    idempotencyKeys: keys.keys ?? 0,
    rateLimits: counters.counters ?? 0,
    registrations: uncompleted.registrations ?? 0,
    textMessages: (uncompleted.texts ?? 0) + (strangers.inbound ?? 0),
    events: (uncompleted.events ?? 0) + (events.events ?? 0),
    deliveries: (uncompleted.deliveries ?? 0) + (events.deliveries ?? 0),
    visits: strangerVisits.visits ?? 0,
  };
}
