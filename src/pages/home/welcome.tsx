import { useLanguage } from '../../i18n/use-language';
import { runtimeConfig } from '../../lib/read-runtime-config';
import styles from './home-page.module.css';

/**
 * docs/spec.md §1: one paragraph for a new customer, a list of paragraphs for a returning member. The texts are the
 * operator's, in each language (the server resolves the Spanish ones: decision 018), not the catalogue's.
 */
export function Welcome({ isReturningCustomer }: { isReturningCustomer: boolean }) {
  const language = useLanguage();
  const welcome = language === 'es' ? runtimeConfig.welcomeSpanish : runtimeConfig.welcome;
  return (
    <section className={styles.welcome} aria-labelledby="welcome-heading">
      <h1 id="welcome-heading">{welcome.heading}</h1>
      {isReturningCustomer ? (
        welcome.returningCustomer.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
      ) : (
        <p>{welcome.newCustomer}</p>
      )}
    </section>
  );
}
