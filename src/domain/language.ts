/**
 * The languages of the customer journey (decision 018). English is the specification's; Spanish is for the many
 * members who read it first. The console is for operators, in English.
 */
export const LANGUAGES = ['en', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The customer's choice from the switch, for the visit: a session cookie, so that the server renders the next page
 * in it too (a sessionStorage entry would reach only the browser).
 */
export const LANGUAGE_COOKIE = 'club_lang';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The first of the reader's languages we have, by primary subtag (`es-US`, `es-419` and `es` are all Spanish). */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** An Accept-Language header's tags, most wanted first (`es-US,es;q=0.9,en;q=0.8`); a `q=0` tag is refused. */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language the customer chose with the switch, from a Cookie header or `document.cookie`. */
export function chosenLanguage(cookies: string | undefined | null): Language | undefined {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return undefined;
}
