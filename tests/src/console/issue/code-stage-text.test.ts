import { describe, expect, it } from 'vitest';
import type { IssuedCode } from '../../../../src/domain/issued-codes';
import { codeReminderText, codeStageText } from '../../../../src/console/issue/code-stage-text';

const now = new Date('2026-03-01T20:00:00Z');
const code: IssuedCode = {
  id: 'c1',
  siteId: '7',
  siteName: 'Main St',
  siteTimeZone: 'America/Los_Angeles',
  lastFour: '0101',
  planName: 'Basic',
  issuedAt: '2026-03-01T19:00:00Z',
  issuedBy: { kind: 'staff', name: 'Ana' },
  openedAt: null,
  completedAt: null,
  expiresAt: '2026-03-08T19:00:00Z',
  sms: null,
  reminder: null,
};
const sms = { status: 'queued' as const, errorCode: null, attempts: 0, sentAt: null };

describe("the counter's words for what became of a code", () => {
  it("says when, on the site's clock", () => {
    expect(codeStageText({ ...code, openedAt: '2026-03-01T19:05:00Z' }, now, 'America/Los_Angeles')).toBe(
      'Opened Mar 1, 2026, 11:05 AM PST, not completed yet',
    );
    expect(
      codeStageText({ ...code, sms: { ...sms, scheduledFor: '2026-03-02T16:00:00Z' } }, now, 'America/New_York'),
    ).toBe("Text held for the site's quiet hours until Mar 2, 2026, 8:00 AM PST (11:00 AM EST your time)");
  });

  it('says why a text failed or was cancelled', () => {
    expect(codeStageText({ ...code, sms: { ...sms, status: 'failed', errorCode: '21614' } }, now)).toBe(
      'Text failed: not a mobile number, so it cannot take texts (21614)',
    );
    expect(codeStageText({ ...code, sms: { ...sms, status: 'failed', errorCode: 'sms_opted_out' } }, now)).toBe(
      'Text cancelled: the number opted out',
    );
    expect(codeStageText(code, now)).toBe('Issued, not texted');
  });

  it("says a code's reminder beside it: sent at, due at on the site's clock, or not sent and why", () => {
    expect(codeReminderText(code)).toBeNull();
    expect(
      codeReminderText({ ...code, reminder: { ...sms, scheduledFor: '2026-03-02T19:00:00Z' } }, 'America/Los_Angeles'),
    ).toBe('Reminder due at Mar 2, 2026, 11:00 AM PST');
    expect(
      codeReminderText(
        { ...code, reminder: { ...sms, status: 'sent', sentAt: '2026-03-02T19:00:04Z' } },
        'America/New_York',
      ),
    ).toBe('Reminder sent at Mar 2, 2026, 11:00 AM PST (2:00 PM EST your time)');
    expect(
      codeReminderText({ ...code, reminder: { ...sms, status: 'failed', errorCode: 'registration_completed' } }),
    ).toBe('Reminder not sent: the profile was completed first');
  });
});
