import type { InboundSms, SmsConsent, SmsConsentEntry } from '../../domain/sms-consent';
import { when } from '../format';

/** How a time is written; the console's `when` unless a test needs another. */
type Format = (iso: string) => string;

/**
 * A member's consent to texts in one line (decision 030). The number's standing opt-out comes first: nothing is texted
 * to it, whatever the consent flag says (a profile that agreed again after a STOP waits for START too).
 */
export function smsConsentLine(
  consent: SmsConsent,
  mobileNumber: string,
  agreedAt: string | null,
  format: Format = when,
): string {
  const { optedOut, agreed, history } = consent;
  if (optedOut) return `Opted out by text on ${format(optedOut.at)} (${optedOut.keyword}, from ${mobileNumber})`;
  if (agreed) return agreedAt ? `Agrees to texts (since ${format(agreedAt)})` : 'Agrees to texts';
  const withdrawn = history.findLast((entry) => entry.action === 'withdrawn');
  if (withdrawn) {
    const optedIn = history.findLast((entry) => entry.action === 'opted_in' && entry.at >= withdrawn.at);
    return optedIn
      ? `Does not agree to texts: opted out on ${format(withdrawn.at)}, texted ${optedIn.keyword ?? 'START'} ` +
          `on ${format(optedIn.at)} (texts may reach the number again; agreeing again takes a profile)`
      : `Does not agree to texts: opted out on ${format(withdrawn.at)}`;
  }
  return 'Never agreed to texts';
}

/** What the history says when it lists nothing: a never-agreed member's opt-out had no consent to withdraw. */
export function emptyHistoryLine({ agreed, optedOut }: SmsConsent): string {
  if (agreed) return 'Nothing recorded.';
  if (optedOut) return 'Nothing to withdraw: they never agreed to texts, and their number opted out (above).';
  return 'Nothing recorded: they never agreed to texts.';
}

const evidence = (entry: SmsConsentEntry) =>
  [entry.messageSid && `message ${entry.messageSid}`, entry.senderNumber && `to ${entry.senderNumber}`]
    .filter(Boolean)
    .join(', ');

/** One change to the consent, as the member page's history lists it. */
export function smsConsentEntryLine(entry: SmsConsentEntry, format: Format = when): string {
  const at = format(entry.at);
  const proof = evidence(entry);
  const after = proof ? ` (${proof})` : '';
  const keyword = entry.keyword ?? 'a keyword';
  if (entry.source === 'profile') {
    return `${entry.action === 'agreed' ? 'Agreed to texts' : 'Changed their consent'} on their profile, ${at}`;
  }
  switch (entry.action) {
    case 'withdrawn':
      // The keyword the text was read as: the text itself may have said more ("Please stop"), and is listed below.
      return `Opted out by text (${keyword}), ${at}${after}`;
    case 'opted_in':
      return `Opted back in by texting ${keyword}, ${at}: texts allowed again, consent not restored${after}`;
    default:
      return `Agreed by texting ${keyword}, ${at}${after}`;
  }
}

/** What a received text was read as, when it was a keyword or held an opt-out word (decision 040). */
export function inboundKeywordLine(message: InboundSms): string | null {
  if (!message.keyword) return null;
  switch (message.keywordKind) {
    case 'opt_out':
      return `Opt-out keyword ${message.keyword}`;
    case 'opt_in':
      return `Opt-in keyword ${message.keyword}`;
    case 'help':
      return `Help keyword ${message.keyword}`;
    case 'maybe_opt_out':
      return `Unclear opt-out word ${message.keyword}: not taken as an opt-out`;
    default:
      return `Keyword ${message.keyword}`;
  }
}

/** What we texted back to a received text, when we did (past the number's daily budget, nothing). */
export const inboundReplyLine = (message: InboundSms): string | null =>
  message.reply === null ? null : `We replied: “${message.reply}”`;
