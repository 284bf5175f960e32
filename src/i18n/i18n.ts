import { i18n, type Messages } from '@lingui/core';
import { chosenLanguage, isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from '../domain/language';
import { messages as english } from './locales/en.po';

/**
 * The customer journey's catalogues (decision 018). English, the specification's texts, ships with the page;
 * Spanish is fetched the first time it is shown.
 */
const catalogues: Record<Language, () => Promise<Messages>> = {
  en: () => Promise.resolve(english),
  es: () => import('./locales/es.po').then((module) => module.messages),
};

i18n.load('en', english);
i18n.activate('en');

/** The catalogues of the routes loaded so far, each a language's texts of one route's chunk. */
const routeCatalogues: Record<Exclude<Language, 'en'>, () => Promise<Messages>>[] = [];

/**
 * A route's own catalogue, from its chunk, so the first page's script holds only the texts the first page shows:
 * English at once, the language on screen before the route shows (its lazy import awaits the promise), and every
 * language shown later with the rest.
 */
export function addCatalogue(
  englishTexts: Messages,
  others: Record<Exclude<Language, 'en'>, () => Promise<Messages>>,
): Promise<void> {
  i18n.load('en', englishTexts);
  routeCatalogues.push(others);
  const language = currentLanguage();
  return language === 'en' ? Promise.resolve() : others[language]().then((texts) => i18n.load(language, texts));
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : 'en');

/** The customer's switch this visit, else the browser's languages. */
export function startingLanguage(): Language {
  return chosenLanguage(document.cookie) ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

/** Shows the journey in a language: its catalogue first, then every text at once, and the page's `lang`. */
export async function showLanguage(language: Language): Promise<void> {
  if (i18n.locale !== language) {
    if (language !== 'en') {
      const loaded = await Promise.all([catalogues[language](), ...routeCatalogues.map((route) => route[language]())]);
      for (const texts of loaded) i18n.load(language, texts);
    }
    i18n.activate(language);
  }
  // Only when it differs: writing `lang`, even the same value, restyles the whole server-rendered page, a full style
  // recalculation of the form (12-26 ms on a 4x slower phone) in the long task that starts the app (decision 035).
  if (document.documentElement.lang !== language) document.documentElement.lang = language;
}

/** The switch's choice, for the rest of the visit and for the server's render of the next page. */
export function rememberLanguage(language: Language) {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not a text
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax`;
}

/** For `useSyncExternalStore`: every component that reads a text renders again when the language changes. */
export const subscribeToLanguage = (onChange: () => void) => i18n.on('change', onChange);
