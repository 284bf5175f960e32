import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../../server/env';
import { retentionCutoffs } from '../../../../server/features/retention/retention-rules';

const now = new Date('2026-11-24T12:00:00Z');

describe('the retention cut-offs', () => {
  it('are a day, 90 days and 30 days before now by default, and throttle counters end at now', () => {
    const cut = retentionCutoffs(parseEnv({}).retention, now);
    expect(cut.idempotencyKeysCreatedBy.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(cut.uncompletedExpiredBy.toISOString()).toBe('2026-08-26T12:00:00.000Z');
    expect(cut.eventsCreatedBy.toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(cut.rateLimitsExpiredBy).toEqual(now);
  });

  it('follow IDEMPOTENCY_TTL_HOURS, UNCOMPLETED_RETENTION_DAYS and EVENT_RETENTION_DAYS', () => {
    const env = parseEnv({ IDEMPOTENCY_TTL_HOURS: '2', UNCOMPLETED_RETENTION_DAYS: '0', EVENT_RETENTION_DAYS: '7' });
    const cut = retentionCutoffs(env.retention, now);
    expect(cut.idempotencyKeysCreatedBy.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    expect(cut.uncompletedExpiredBy).toEqual(now);
    expect(cut.eventsCreatedBy.toISOString()).toBe('2026-11-17T12:00:00.000Z');
  });

  it('refuses an event retention inside the day of retries, and settings that are not whole numbers', () => {
    expect(() => parseEnv({ EVENT_RETENTION_DAYS: '1' })).toThrow(/EVENT_RETENTION_DAYS must be at least 2/);
    expect(() => parseEnv({ IDEMPOTENCY_TTL_HOURS: '0' })).toThrow(/IDEMPOTENCY_TTL_HOURS must be at least 1/);
    expect(() => parseEnv({ UNCOMPLETED_RETENTION_DAYS: 'soon' })).toThrow(
      /UNCOMPLETED_RETENTION_DAYS must be a whole/,
    );
  });
});
