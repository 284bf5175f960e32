import type { SmsKeyword, SmsKeywordLanguage } from '../../../src/domain/sms-keywords';

export interface KeywordReplySettings {
  operatorName: string;
  /** SUPPORT_URL. */
  supportUrl: string;
  /** SUPPORT_PHONE, when set. */
  supportPhone?: string;
  /**
   * SMS_OPT_OUT_REPLIES: `twilio` (default) leaves STOP's and START's confirmation to Twilio's standard opt-out
   * handling, which sends the one the carriers' rules allow; `app` sends ours, for senders where that is off.
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

/** What we answer a keyword with, in its language; null: no reply of ours (any other message, or Twilio's). */
export function keywordReply(keyword: SmsKeyword | null, settings: KeywordReplySettings): string | null {
  if (!keyword) return null;
  if (keyword.kind === 'help') return HELP[keyword.language](settings);
  if (settings.optOut !== 'app') return null;
  return (keyword.kind === 'opt_out' ? OPTED_OUT : OPTED_IN)[keyword.language](settings);
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`);

/** TwiML: an empty `<Response/>` sends nothing; a `<Message>` is texted back to the sender. */
export const twiml = (reply: string | null): string =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  (reply ? `<Response><Message>${escapeXml(reply)}</Message></Response>` : '<Response></Response>');
