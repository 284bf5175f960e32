import { useLocation } from 'react-router-dom';
import type { Language } from '../../domain/language';
import { rememberLanguage, showLanguage } from '../../i18n/i18n';
import { useLanguage } from '../../i18n/use-language';
import styles from './language-switch.module.css';

/** Each language named in itself, so a reader who cannot read the page's language still finds theirs. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a language's own name is the same in every language
const NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

/**
 * "Español" on an English page, "English" on a Spanish one (decision 018). Language is view state: switching renders
 * every text again and leaves what was typed where it is. A link to this page in the other language, as language
 * choices usually are; the switch happens in place, without loading the page again.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const shown = useLanguage();
  const other: Language = shown === 'en' ? 'es' : 'en';
  // The router's path, the same in the server's render and the browser's. Not its query: the page never writes the
  // registration code or the customer id into itself (decision 016).
  const { pathname } = useLocation();
  return (
    <a
      href={pathname}
      className={`${styles.switch} ${tone === 'dark' ? styles.onDark : ''}`}
      lang={other}
      hrefLang={other}
      onClick={(event) => {
        event.preventDefault();
        rememberLanguage(other);
        void showLanguage(other);
      }}
    >
      {NAMES[other]}
    </a>
  );
}
