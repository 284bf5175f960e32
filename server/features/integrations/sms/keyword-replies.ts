import type { SmsKeywordLanguage } from '../../../../src/domain/sms-keywords';
import type { ReceivedText } from './sms-opt-out';

export interface KeywordReplySettings {
  operatorName: string;
  /** SUPPORT_URL. */
  supportUrl: string;
  /** SUPPORT_PHONE, when set. */
  supportPhone?: string;
  /**
   * SMS_OPT_OUT_REPLIES: `twilio` (default) leaves the confirmation of STOP and START to Twilio's standard opt-out
   * handling, which sends the one the carriers' rules allow, for the keywords it reads; `app` sends ours, for senders
   * where that is off.
   */
  optOut: 'twilio' | 'app';
}

type Texts = (settings: KeywordReplySettings) => string;

const HELP: Record<SmsKeywordLanguage, Texts> = {
  en: (s) =>
    `${s.operatorName}: membership texts. Help: ${s.supportUrl}` +
    `${s.supportPhone ? ` or call ${s.supportPhone}` : ''}. Msg & data rates may apply. Reply STOP to opt out.`,
  es: (s) =>
    `${s.operatorName}: mensajes de membresía. Ayuda: ${s.supportUrl}` +
    `${s.supportPhone ? ` o llame al ${s.supportPhone}` : ''}. Pueden aplicarse tarifas de mensajes y datos. ` +
    'Responda PARAR para no recibir más mensajes.',
};

const OPTED_OUT: Record<SmsKeywordLanguage, Texts> = {
  en: (s) => `${s.operatorName}: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.`,
  es: (s) =>
    `${s.operatorName}: se ha dado de baja y no recibirá más mensajes nuestros. Responda COMENZAR para volver a ` +
    'suscribirse.',
};

const OPTED_IN: Record<SmsKeywordLanguage, Texts> = {
  en: (s) =>
    `${s.operatorName}: you can get texts from us again. Msg & data rates may apply. Reply HELP for help, STOP to ` +
    'opt out.',
  es: (s) =>
    `${s.operatorName}: puede volver a recibir nuestros mensajes. Pueden aplicarse tarifas de mensajes y datos. ` +
    'Responda AYUDA para ayuda, PARAR para no recibir más.',
};

/**
 * The one clarifying text an unclear opt-out word gets (decision 040): how to stop every text, and nothing else, so
 * that "cancel my plan" is not taken for an opt-out nor left without a way to make one.
 */
const ASK_TO_CONFIRM: Record<SmsKeywordLanguage, Texts> = {
  en: (s) => `${s.operatorName}: Reply STOP to stop all texts from us.`,
  es: (s) => `${s.operatorName}: Responda PARAR para dejar de recibir todos nuestros mensajes.`,
};

/**
 * Whether Twilio's standard opt-out handling reads the message as its keyword, and so confirms it itself: one of its
 * English keywords (ours in English, but for the spaced OPT OUT) alone, in plain letters, as it documents. A Spanish
 * keyword, look-alike letters or a keyword within a sentence it does not read, and the confirmation is ours to send.
 */
const twilioReads = ({ keyword }: ReceivedText, body: string): boolean =>
  !!keyword && !keyword.within && keyword.language === 'en' && /^[A-Za-z]+[.!?]*$/.test(body.trim());

/**
 * What we answer a received text with, in its keyword's language; null: no reply of ours (any other message, a
 * confirmation Twilio sends, or an opt-out from a number that had already opted out: the rules allow one).
 */
export function keywordReply(received: ReceivedText, body: string, settings: KeywordReplySettings): string | null {
  const { keyword } = received;
  if (!keyword) return null;
  switch (keyword.kind) {
    case 'help':
      return HELP[keyword.language](settings);
    case 'maybe_opt_out':
      return ASK_TO_CONFIRM[keyword.language](settings);
    case 'opt_out':
      return received.optedOut && (settings.optOut === 'app' || !twilioReads(received, body))
        ? OPTED_OUT[keyword.language](settings)
        : null;
    case 'opt_in':
      return settings.optOut === 'app' ? OPTED_IN[keyword.language](settings) : null;
  }
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);

/** TwiML: an empty `<Response/>` sends nothing; a `<Message>` is texted back to the sender. */
export const twiml = (reply: string | null): string =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  (reply ? `<Response><Message>${escapeXml(reply)}</Message></Response>` : '<Response></Response>');
