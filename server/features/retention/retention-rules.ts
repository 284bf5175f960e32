import type { Env } from '../../env';

/** IDEMPOTENCY_TTL_HOURS, UNCOMPLETED_RETENTION_DAYS and EVENT_RETENTION_DAYS, as `server/env.ts` parsed them. */
export type RetentionSettings = Env['retention'];

/** The moment at or before which each kind of row has outlived its purpose. */
export interface RetentionCutoffs {
  /** Idempotency keys first used at or before this are forgotten. */
  idempotencyKeysCreatedBy: Date;
  /** Throttle counters whose window ended at or before this. */
  rateLimitsExpiredBy: Date;
  /** Registrations never completed whose code expired at or before this. */
  uncompletedExpiredBy: Date;
  /** Outbox events (with their settled deliveries) written at or before this. */
  eventsCreatedBy: Date;
  /** Visits of a number no member has, made at or before this (STRANGER_VISIT_RETENTION_DAYS). */
  strangerVisitsBy: Date;
}

/**
 * How long a visit of a number no member has is kept: long enough for a member who joins within a year (and a
 * season) to have their visits (decision 052), not for ever for numbers that never join.
 */
export const STRANGER_VISIT_RETENTION_DAYS = 400;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Pure arithmetic, so each boundary can be tested to the second without a database. */
export function retentionCutoffs(settings: RetentionSettings, now: Date): RetentionCutoffs {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return {
    idempotencyKeysCreatedBy: before(settings.idempotencyTtlHours * HOUR_MS),
    rateLimitsExpiredBy: now,
    uncompletedExpiredBy: before(settings.uncompletedRetentionDays * DAY_MS),
    eventsCreatedBy: before(settings.eventRetentionDays * DAY_MS),
    strangerVisitsBy: before(STRANGER_VISIT_RETENTION_DAYS * DAY_MS),
  };
}
