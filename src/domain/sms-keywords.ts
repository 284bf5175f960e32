/**
 * The keywords a texted reply is read for (issue 26), in English and Spanish: carriers' and the CTIA's opt-out and
 * help words, and Twilio's standard ones. The whole message is the keyword, or there is none: "stop by tomorrow"
 * is a message for the console, not an opt-out.
 */
export const SMS_KEYWORD_KINDS = ['opt_out', 'opt_in', 'help'] as const;
export type SmsKeywordKind = (typeof SMS_KEYWORD_KINDS)[number];

export const SMS_KEYWORD_LANGUAGES = ['en', 'es'] as const;
export type SmsKeywordLanguage = (typeof SMS_KEYWORD_LANGUAGES)[number];

export interface SmsKeyword {
  kind: SmsKeywordKind;
  language: SmsKeywordLanguage;
  /** The keyword as listed here (`STOP`, `NO MAS`; `OPTOUT` for both of its spellings): the evidence names it. */
  keyword: string;
}

/** Each keyword as it is written in the README, by kind and language. */
export const SMS_KEYWORDS = {
  opt_out: {
    en: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT'],
    es: ['PARAR', 'ALTO', 'CANCELAR', 'NO MAS', 'BAJA'],
  },
  opt_in: { en: ['START', 'UNSTOP', 'YES'], es: ['SI', 'COMENZAR'] },
  help: { en: ['HELP', 'INFO'], es: ['AYUDA'] },
} as const satisfies Record<SmsKeywordKind, Record<SmsKeywordLanguage, readonly string[]>>;

/**
 * A message as it is compared: accents taken off (`más` → `MAS`, `sí` → `SI`), upper case, and every space and
 * punctuation mark removed, so that "Stop.", " Parar ", "no más", "No-Mas" and "opt out" all read as their keyword.
 * Dropping the spaces costs nothing: no two keywords differ only by them, and a phone's keyboard adds or loses them.
 */
export const keywordForm = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const BY_FORM = new Map<string, SmsKeyword>();
for (const kind of SMS_KEYWORD_KINDS) {
  for (const language of SMS_KEYWORD_LANGUAGES) {
    for (const keyword of SMS_KEYWORDS[kind][language]) {
      // `OPTOUT` and `OPT OUT` read alike: the first listed names them both.
      if (!BY_FORM.has(keywordForm(keyword))) BY_FORM.set(keywordForm(keyword), { kind, language, keyword });
    }
  }
}

/** The keyword a whole message is, with its language; null for any other message. */
export function smsKeywordOf(body: string): SmsKeyword | null {
  return BY_FORM.get(keywordForm(body)) ?? null;
}
