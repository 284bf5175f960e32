import type { SentText, TextKind } from '../../domain/invitations';
import type { MemberAnswer } from '../../domain/members';
import type { SmsStatus } from '../../domain/webhooks';
import { CANCELLED_BECAUSE, FAILED_BECAUSE } from '../format';

/** Each kind of text in words (decision 053): the code's link, its reminder, a survey after a visit, its reminder. */
export const TEXT_KIND_WORDS: Record<TextKind, string> = {
  code: 'Profile link',
  code_reminder: 'Reminder: profile link',
  invitation: 'Survey invitation',
  invitation_reminder: 'Reminder: survey',
};

const isReminder = (kind: TextKind) => kind === 'code_reminder' || kind === 'invitation_reminder';

/** An instant on the text's site's clock, zone named (`useSiteClock().at` with the site given). */
type At = (iso: string) => string;

/** Why a text was not sent, as the console says it of every text: cancelled with why, or the provider's refusal. */
function notSentBecause(sms: SmsStatus): string {
  const cancelled = CANCELLED_BECAUSE[sms.errorCode ?? ''];
  if (cancelled) return cancelled;
  const refused = FAILED_BECAUSE[sms.errorCode ?? ''];
  const code = sms.errorCode ? ` (${sms.errorCode})` : '';
  return refused ? `${refused}${code}` : `it failed${code}`;
}

/**
 * What became of a text, in words: sent (when), not sent (why), or waiting. A reminder is always scheduled for when
 * it is due (then within the sending window); a first text is scheduled only while it waits for the window to open
 * (decision 031).
 */
export function textStatusLine(text: Pick<SentText, keyof SmsStatus | 'kind'>, at: At): string {
  if (text.status === 'sent') return text.sentAt ? `Sent ${at(text.sentAt)}` : 'Sent';
  if (text.status === 'failed') return `Not sent: ${notSentBecause(text)}`;
  if (text.scheduledFor) {
    return isReminder(text.kind)
      ? `Due ${at(text.scheduledFor)}, if still needed then`
      : `Waiting for the sending window until ${at(text.scheduledFor)}`;
  }
  return text.errorCode ? `Going out, retrying (${text.errorCode})` : 'Going out';
}

/**
 * A code's reminder as today's codes list it beside the code's own text (decision 053): "Reminder sent at …",
 * "Reminder due at …" or "Reminder not sent: the profile was completed first".
 */
export function reminderLine(reminder: SmsStatus, at: At): string {
  if (reminder.status === 'sent') return reminder.sentAt ? `Reminder sent at ${at(reminder.sentAt)}` : 'Reminder sent';
  if (reminder.status === 'failed') return `Reminder not sent: ${notSentBecause(reminder)}`;
  if (reminder.scheduledFor) return `Reminder due at ${at(reminder.scheduledFor)}`;
  return reminder.errorCode ? `Reminder going out, retrying (${reminder.errorCode})` : 'Reminder going out';
}

/**
 * Where an answer was asked: at sign-up (the thank-you page), or after a visit on a day at a site (decision 053). A
 * visit erased since (retention) leaves its site, not its day; one at a site the reader may not see, neither.
 */
export function answerOccasion(
  answer: Pick<MemberAnswer, 'invitationId' | 'siteId' | 'visitedAt'>,
  day: (iso: string, siteId: string) => string,
  siteName: (siteId: string) => string,
): string {
  if (answer.invitationId === null) return 'At sign-up';
  // A visit at a site the reader may not see (decision 052).
  if (answer.siteId === null) return 'After a visit at another site';
  if (answer.visitedAt === null) return `After a visit at ${siteName(answer.siteId)}`;
  return `After a visit on ${day(answer.visitedAt, answer.siteId)} at ${siteName(answer.siteId)}`;
}
