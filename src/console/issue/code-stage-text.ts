import { codeStage, type IssuedCode } from '../../domain/issued-codes';
import { smsLine } from '../format';
import { reminderLine } from '../members/sent-text-words';
import { atSite } from '../site-clock';

/**
 * What became of a code, in the counter's words, its times on the site's clock: completed, opened, expired, its
 * text (failed and why, held for the site's quiet hours until when, on its way, sent), or issued without a text.
 */
export function codeStageText(code: IssuedCode, now: Date, readerZone?: string): string {
  const at = (iso: string | null | undefined) => atSite(iso ?? null, code.siteTimeZone, readerZone);
  switch (codeStage(code, now)) {
    case 'completed':
      return `Completed ${at(code.completedAt)}`;
    case 'opened':
      return `Opened ${at(code.openedAt)}, not completed yet`;
    case 'expired':
      return 'Expired, not opened';
    case 'text_failed':
      return smsLine(code.sms!, { name: code.siteName, timeZone: code.siteTimeZone }).replace(/^Text message/, 'Text');
    case 'text_held':
      return `Text held for the site's quiet hours until ${at(code.sms?.scheduledFor)}`;
    case 'text_queued':
      return 'Text on its way';
    case 'texted':
      return `Texted ${at(code.sms?.sentAt)}`;
    case 'issued':
      return 'Issued, not texted';
  }
}

/**
 * A code's reminder beside its stage, when the site's reminder made one (decision 053): sent at, due at (on the
 * site's clock), or not sent and why. Null when there is none.
 */
export function codeReminderText(
  code: Pick<IssuedCode, 'reminder' | 'siteTimeZone'>,
  readerZone?: string,
): string | null {
  return code.reminder ? reminderLine(code.reminder, (iso) => atSite(iso, code.siteTimeZone, readerZone)) : null;
}
