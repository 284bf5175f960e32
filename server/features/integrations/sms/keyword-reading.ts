import unhomoglyph from 'unhomoglyph';
import {
  SMS_KEYWORD_KINDS,
  SMS_KEYWORD_LANGUAGES,
  SMS_KEYWORDS,
  SMS_OPT_OUT_NEGATIONS,
  SMS_OPT_OUT_WORDS,
  SMS_STOP_AS_A_VISIT,
  type SmsKeyword,
  type SmsKeywordLanguage,
} from '../../../../src/domain/sms-keywords';

/**
 * Latin small capitals as their capitals. TR39's skeleton keeps them apart (in a case-sensitive identifier, its
 * purpose, ᴛ is not T) and maps other scripts' look-alikes onto them (Cyrillic т onto ᴛ); a keyword is read without
 * case, so ꜱᴛᴏᴘ and ѕтор are STOP (decision 040).
 */
const SMALL_CAPITALS = new Map(
  [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ'].map((letter, index) => [letter, 'ABCDEFGHIJKLMNOPQRSTUVWYZ'[index]!]),
);

/**
 * A text as it is compared (decision 040): compatibility forms and accents taken off (full-width letters, `más`),
 * invisible format characters dropped (a zero-width space inside STOP), small capitals as capitals, then upper-cased
 * and folded to its skeleton by Unicode's confusables table (UTS #39, the `unhomoglyph` package): Cyrillic ЅТОР and
 * Greek ΗΕLΡ read as STOP and HELP. Upper case goes first, as the table reads a lower-case m as rn. The skeleton
 * reads I and l alike, so a form is only ever compared with another form, never shown.
 */
export function foldedForm(text: string): string {
  const plain = text.normalize('NFKD').replace(/[\p{M}\p{Cf}]/gu, '');
  const capitals = [...plain].map((char) => SMALL_CAPITALS.get(char) ?? char).join('');
  return unhomoglyph(capitals.toUpperCase()).toUpperCase();
}

/**
 * The folded form without spaces or punctuation, as a whole message is compared: "Stop.", "no más", "opt-out" and
 * "S T O P" read as their keyword. No two keywords differ only by spaces, and a phone's keyboard adds or loses them.
 */
const compactForm = (text: string): string => foldedForm(text).replace(/[^\p{L}\p{N}]/gu, '');

const WHOLE = new Map<string, Omit<SmsKeyword, 'within'>>();
for (const kind of SMS_KEYWORD_KINDS) {
  for (const language of SMS_KEYWORD_LANGUAGES) {
    for (const keyword of SMS_KEYWORDS[kind][language]) {
      // `OPTOUT` and `OPT OUT` read alike: the first listed names them both.
      if (!WHOLE.has(compactForm(keyword))) WHOLE.set(compactForm(keyword), { kind, language, keyword });
    }
  }
}

interface Phrase {
  words: string[];
  keyword: string;
  language: SmsKeywordLanguage;
}

const wordsOf = (folded: string): string[] =>
  // The skeleton has made every apostrophe ', so "don’t" is one word, DONT.
  folded
    .replace(/'/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Longest first, so that NO MAS MENSAJES is found before NO MAS, and DE BAJA before BAJA. */
const phrasesOf = (lists: Record<SmsKeywordLanguage, Record<string, string>>): Phrase[] =>
  SMS_KEYWORD_LANGUAGES.flatMap((language) =>
    Object.entries(lists[language]).map(([words, keyword]) => ({
      words: wordsOf(foldedForm(words)),
      keyword,
      language,
    })),
  ).sort((a, b) => b.words.length - a.words.length);

const CLEAR = phrasesOf(SMS_OPT_OUT_WORDS.clear);
const UNCLEAR = phrasesOf(SMS_OPT_OUT_WORDS.unclear);
const NEGATIONS = new Set(SMS_OPT_OUT_NEGATIONS.map(foldedForm));
const VISITS = new Set(SMS_STOP_AS_A_VISIT.map(foldedForm));
const STOP = foldedForm('STOP');

/** The message's clauses, each as its words: "Stop. By the way…" is a STOP, and a clause of its own after it. */
const clausesOf = (body: string): string[][] =>
  foldedForm(body)
    .split(/[.,;:!?¡¿\n\r]+/u)
    .map(wordsOf)
    .filter((words) => words.length > 0);

const startsAt = (words: string[], index: number, phrase: Phrase): boolean =>
  phrase.words.every((word, offset) => words[index + offset] === word);

/**
 * An opt-out word within a longer message (decision 040): a clear one ("Please stop", "Parar por favor", "No más
 * mensajes") is an opt-out; an unclear one ("cancel my plan"), or a clear one negated ("don't stop") or a visit
 * ("I'll stop by"), asks whether they meant it. A clear word anywhere wins over unclear ones elsewhere.
 */
function optOutWithin(body: string): SmsKeyword | null {
  let unclear: SmsKeyword | null = null;
  const maybe = (phrase: Phrase): SmsKeyword => ({
    kind: 'maybe_opt_out',
    language: phrase.language,
    keyword: phrase.keyword,
    within: true,
  });
  for (const words of clausesOf(body)) {
    for (let index = 0; index < words.length; index += 1) {
      const clear = CLEAR.find((phrase) => startsAt(words, index, phrase));
      if (clear) {
        const negated = NEGATIONS.has(words[index - 1] ?? '');
        const visit = clear.words.join(' ') === STOP && VISITS.has(words[index + 1] ?? '');
        if (!negated && !visit)
          return { kind: 'opt_out', language: clear.language, keyword: clear.keyword, within: true };
        unclear ??= maybe(clear);
        continue;
      }
      const other = UNCLEAR.find((phrase) => startsAt(words, index, phrase));
      if (other) unclear ??= maybe(other);
    }
  }
  return unclear;
}

/**
 * What a texted reply is: a keyword when the whole message is one (any kind, any listed spelling, in look-alike
 * letters too), else an opt-out word within it, else null. Only opt-outs are read within a message: "help me with
 * my card" and "yes please" are messages for the console.
 */
export function smsKeywordOf(body: string): SmsKeyword | null {
  const whole = WHOLE.get(compactForm(body));
  return whole ? { ...whole, within: false } : optOutWithin(body);
}
