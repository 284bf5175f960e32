import { describe, expect, it } from 'vitest';
import { codeStage, isCodeLive, type IssuedCode } from '../../../src/domain/issued-codes';

const now = new Date('2026-03-01T12:00:00Z');
const base: Pick<IssuedCode, 'openedAt' | 'completedAt' | 'expiresAt' | 'sms'> = {
  openedAt: null,
  completedAt: null,
  expiresAt: '2026-03-08T12:00:00Z',
  sms: null,
};
const text = (sms: Partial<NonNullable<IssuedCode['sms']>>) => ({
  ...base,
  sms: { status: 'queued' as const, errorCode: null, attempts: 0, sentAt: null, ...sms },
});

describe('what became of a code', () => {
  it('says the furthest step: completed over opened over its text', () => {
    expect(codeStage({ ...text({ status: 'sent' }), openedAt: '2026-03-01T11:00:00Z' }, now)).toBe('opened');
    expect(codeStage({ ...base, openedAt: '2026-03-01T11:00:00Z', completedAt: '2026-03-01T11:05:00Z' }, now)).toBe(
      'completed',
    );
  });

  it('tells a text held for quiet hours from one on its way, sent or failed', () => {
    expect(codeStage(text({ scheduledFor: '2026-03-02T13:00:00Z' }), now)).toBe('text_held');
    expect(codeStage(text({}), now)).toBe('text_queued');
    expect(codeStage(text({ status: 'sent', sentAt: '2026-03-01T11:59:00Z' }), now)).toBe('texted');
    expect(codeStage(text({ status: 'failed', errorCode: '21211' }), now)).toBe('text_failed');
    expect(codeStage(base, now)).toBe('issued');
  });

  it('is expired, and no longer live, from its expiry on unless it was completed', () => {
    const expired = { ...base, expiresAt: now.toISOString() };
    expect(codeStage(expired, now)).toBe('expired');
    expect(isCodeLive(expired, now)).toBe(false);
    expect(isCodeLive(base, now)).toBe(true);
    expect(isCodeLive({ ...base, completedAt: '2026-03-01T11:05:00Z' }, now)).toBe(false);
  });
});
