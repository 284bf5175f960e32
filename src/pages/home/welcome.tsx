import { runtimeConfig } from '../../lib/runtime-config';
import styles from './home-page.module.css';

/** docs/spec.md §1: one paragraph for a new customer, a list of paragraphs for a returning member. */
export function Welcome({ isReturningCustomer }: { isReturningCustomer: boolean }) {
  const { welcome } = runtimeConfig;
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
