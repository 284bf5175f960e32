/**
 * The keywords a texted reply is read for (decision 030), in English and Spanish: carriers' and the CTIA's opt-out and
 * help words, and Twilio's standard ones. How a message is read lives in server/features/integrations/sms/keyword-reading.ts (the server's:
 * it carries Unicode's confusables table, which no page needs).
 */
export const SMS_KEYWORD_KINDS = ['opt_out', 'opt_in', 'help'] as const;
export type SmsKeywordKind = (typeof SMS_KEYWORD_KINDS)[number];

/**
 * What a received text was read as: a keyword's kind, or `maybe_opt_out`, an opt-out word within a message that may
 * mean something else ("cancel my plan"), which gets one clarifying text and changes nothing (decision 040).
 */
export const SMS_READING_KINDS = [...SMS_KEYWORD_KINDS, 'maybe_opt_out'] as const;
export type SmsReadingKind = (typeof SMS_READING_KINDS)[number];

export const SMS_KEYWORD_LANGUAGES = ['en', 'es'] as const;
export type SmsKeywordLanguage = (typeof SMS_KEYWORD_LANGUAGES)[number];

export interface SmsKeyword {
  kind: SmsReadingKind;
  language: SmsKeywordLanguage;
  /** The keyword as listed here (`STOP`, `NO MAS`; `OPTOUT` for both of its spellings): the evidence names it. */
  keyword: string;
  /** The keyword was a word within a longer message ("Please stop"), not the whole of it. */
  within: boolean;
}

/** Each keyword as docs/integrations.md writes it, by kind and language: the whole message must be one of these. */
export const SMS_KEYWORDS = {
  opt_out: {
    en: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT'],
    es: ['PARAR', 'ALTO', 'CANCELAR', 'NO MAS', 'BAJA', 'DETENER'],
  },
  opt_in: { en: ['START', 'UNSTOP', 'YES'], es: ['SI', 'COMENZAR'] },
  help: { en: ['HELP', 'INFO'], es: ['AYUDA'] },
} as const satisfies Record<SmsKeywordKind, Record<SmsKeywordLanguage, readonly string[]>>;

/**
 * Opt-out words read within a longer message (decision 040, after 47 CFR 64.1200(a)(10)), each with the listed keyword
 * its evidence names. `clear`: a request to stop texting wherever it stands in the message; `unclear`: words a
 * sentence often uses for something else ("the end of the month", "cancel my plan", "el precio es alto"), which
 * get one clarifying text instead.
 */
export const SMS_OPT_OUT_WORDS = {
  clear: {
    en: {
      STOP: 'STOP',
      STOPALL: 'STOPALL',
      UNSUBSCRIBE: 'UNSUBSCRIBE',
      REVOKE: 'REVOKE',
      OPTOUT: 'OPTOUT',
      'OPT OUT': 'OPTOUT',
    },
    es: {
      PARAR: 'PARAR',
      DETENER: 'DETENER',
      'NO MAS MENSAJES': 'NO MAS',
      'NO MAS TEXTOS': 'NO MAS',
      'DE BAJA': 'BAJA',
    },
  },
  unclear: {
    en: { END: 'END', QUIT: 'QUIT', CANCEL: 'CANCEL' },
    es: { CANCELAR: 'CANCELAR', ALTO: 'ALTO', BAJA: 'BAJA', 'NO MAS': 'NO MAS' },
  },
} as const satisfies Record<'clear' | 'unclear', Record<SmsKeywordLanguage, Record<string, string>>>;

/**
 * What turns a clear word into an unclear one: a negation just before it ("don't stop", "do not stop"), or, after
 * STOP, the words that make it a visit ("I'll stop by", "stop in tomorrow").
 */
export const SMS_OPT_OUT_NEGATIONS = ['DONT', 'NOT', 'NEVER'] as const;
export const SMS_STOP_AS_A_VISIT = ['BY', 'IN'] as const;
