import { describe, expect, it } from 'vitest';
import { answerOccasion, reminderLine, textStatusLine } from '../../../../src/console/members/sent-text-words';
import type { SmsStatus } from '../../../../src/domain/webhooks';

/** Times as the test writes them, so no time zone enters the expectations. */
const at = (iso: string) => `[${iso.slice(0, 16)}]`;
const queued: SmsStatus = { status: 'queued', errorCode: null, attempts: 0, sentAt: null };

describe('what became of a text, in words', () => {
  it('says sent when, waiting for the window (a first text) or due (a reminder), and going out', () => {
    const sent = { ...queued, status: 'sent' as const, sentAt: '2026-11-22T14:00:02Z' };
    expect(textStatusLine({ ...sent, kind: 'invitation' }, at)).toBe('Sent [2026-11-22T14:00]');
    const held = { ...queued, scheduledFor: '2026-11-23T13:00:00Z' };
    expect(textStatusLine({ ...held, kind: 'code' }, at)).toBe(
      'Waiting for the sending window until [2026-11-23T13:00]',
    );
    expect(textStatusLine({ ...held, kind: 'invitation' }, at)).toMatch(/^Waiting for the sending window/);
    expect(textStatusLine({ ...held, kind: 'code_reminder' }, at)).toBe('Due [2026-11-23T13:00], if still needed then');
    expect(textStatusLine({ ...held, kind: 'invitation_reminder' }, at)).toMatch(/^Due /);
    expect(textStatusLine({ ...queued, kind: 'code' }, at)).toBe('Going out');
    expect(textStatusLine({ ...queued, errorCode: 'timeout', kind: 'code' }, at)).toBe('Going out, retrying (timeout)');
  });

  it('says why one was not sent: each cancellation, a provider refusal, or a failure by its code', () => {
    const failed = (errorCode: string | null) =>
      textStatusLine({ ...queued, status: 'failed', errorCode, kind: 'invitation_reminder' }, at);
    expect(failed('invitation_answered')).toBe('Not sent: the survey was answered first');
    expect(failed('text_budget')).toBe('Not sent: the number has had as many texts as it may for now');
    expect(failed('registration_completed')).toBe('Not sent: the profile was completed first');
    expect(failed('code_expired')).toBe('Not sent: the code expired first');
    expect(failed('invitation_expired')).toBe('Not sent: the survey link expired first');
    expect(failed('first_text_not_sent')).toBe('Not sent: the first text was not sent');
    expect(failed('reminder_off')).toBe('Not sent: the site turned this reminder off');
    expect(failed('invitation_off')).toBe('Not sent: the site stopped asking for feedback');
    expect(failed('sms_opted_out')).toBe('Not sent: the number opted out');
    expect(failed('21211')).toBe('Not sent: not a valid phone number (21211)');
    expect(failed('30003')).toBe('Not sent: it failed (30003)');
    expect(failed(null)).toBe('Not sent: it failed');
  });

  it("says a code's reminder sent at, due at, or not sent and why", () => {
    expect(reminderLine({ ...queued, status: 'sent', sentAt: '2026-11-23T13:00:05Z' }, at)).toBe(
      'Reminder sent at [2026-11-23T13:00]',
    );
    expect(reminderLine({ ...queued, scheduledFor: '2026-11-23T13:00:00Z' }, at)).toBe(
      'Reminder due at [2026-11-23T13:00]',
    );
    expect(reminderLine({ ...queued, status: 'failed', errorCode: 'registration_completed' }, at)).toBe(
      'Reminder not sent: the profile was completed first',
    );
    expect(reminderLine(queued, at)).toBe('Reminder going out');
  });
});

describe('where an answer was asked', () => {
  const day = (iso: string, siteId: string) => `${iso.slice(0, 10)}@${siteId}`;
  const name = (siteId: string) => `Site ${siteId}`;
  it('at sign-up, after a visit on its day at its site, or at its site once the visit is erased, or elsewhere', () => {
    expect(answerOccasion({ invitationId: null, siteId: null, visitedAt: null }, day, name)).toBe('At sign-up');
    expect(answerOccasion({ invitationId: 'i1', siteId: '9', visitedAt: '2026-11-20T15:00:00Z' }, day, name)).toBe(
      'After a visit on 2026-11-20@9 at Site 9',
    );
    expect(answerOccasion({ invitationId: 'i1', siteId: '9', visitedAt: null }, day, name)).toBe(
      'After a visit at Site 9',
    );
    expect(answerOccasion({ invitationId: 'i1', siteId: null, visitedAt: null }, day, name)).toBe(
      'After a visit at another site',
    );
  });
});
