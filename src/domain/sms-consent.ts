import * as v from 'valibot';
import { SMS_READING_KINDS } from './sms-keywords';

/**
 * What happened to a member's consent to texts, oldest first: `agreed` on their profile, `withdrawn` by an opt-out
 * keyword, `opted_in` when START lifted the number's suppression (texts allowed again; consent is not restored by it).
 */
export const SMS_CONSENT_ACTIONS = ['agreed', 'withdrawn', 'opted_in'] as const;
export type SmsConsentAction = (typeof SMS_CONSENT_ACTIONS)[number];

/** Where a change came from: the profile form, or a keyword texted to us. */
export const SMS_CONSENT_SOURCES = ['profile', 'sms_keyword'] as const;
export type SmsConsentSource = (typeof SMS_CONSENT_SOURCES)[number];

const nullableString = v.nullable(v.string());

export const smsConsentEntrySchema = v.object({
  action: v.picklist(SMS_CONSENT_ACTIONS),
  source: v.picklist(SMS_CONSENT_SOURCES),
  at: v.string(),
  /** A keyword's evidence: the keyword, Twilio's message id and our number it was texted to; null from the profile. */
  keyword: nullableString,
  messageSid: nullableString,
  senderNumber: nullableString,
});
export type SmsConsentEntry = v.InferOutput<typeof smsConsentEntrySchema>;

/** A member's consent to texts as the member page shows it: the flag, the number's opt-out if any, the history. */
export const smsConsentSchema = v.object({
  /** They agreed to texts and have not withdrawn it: `consent.smsMessaging.agreed`. */
  agreed: v.boolean(),
  /** The member's number is on the suppression list: nothing is texted to it, whatever `agreed` says. */
  optedOut: v.nullable(
    v.object({ at: v.string(), keyword: v.string(), messageSid: v.string(), senderNumber: v.string() }),
  ),
  history: v.array(smsConsentEntrySchema),
});
export type SmsConsent = v.InferOutput<typeof smsConsentSchema>;

/** A text the member's number sent us, newest first on the member page. */
export const inboundSmsSchema = v.object({
  id: v.string(),
  messageSid: v.string(),
  fromNumber: v.string(),
  toNumber: v.string(),
  body: v.string(),
  receivedAt: v.string(),
  /**
   * The keyword the message was read as, as listed (`STOP`, `AYUDA`), and its kind: the whole message, or an opt-out
   * word within it (`maybe_opt_out` when unclear: decision 040); null for any other message.
   */
  keyword: nullableString,
  keywordKind: v.nullable(v.picklist(SMS_READING_KINDS)),
  /** What we texted back to it (HELP's answer, a confirmation, a clarifying text); null when we sent nothing. */
  reply: nullableString,
});
export type InboundSms = v.InferOutput<typeof inboundSmsSchema>;
