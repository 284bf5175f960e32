import { t } from '@lingui/core/macro';
import { Link } from 'react-router-dom';
import { renewalText } from './renewal-text';
import { runtimeConfig } from '../../lib/read-runtime-config';
import { loadCompletion } from '../../lib/session-store';
import styles from './thank-you-page.module.css';

export { thankYouTexts } from './thank-you-texts';

const externalLink = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

/**
 * docs/spec.md §2 thank-you. The plan and renewal day come from the registration this session completed or looked up
 * (kept as its membership only), never from guesses: without one, the page says only that the profile is complete.
 */
export function ThankYouPage() {
  const completion = loadCompletion();
  const membership = completion?.membership ?? null;
  const { links } = runtimeConfig;

  return (
    <div className={styles.page}>
      <title>{t`Club Membership Profile Complete`}</title>
      <section aria-labelledby="thank-you-heading">
        <h1 id="thank-you-heading">{t`Thank you for completing your membership club profile!`}</h1>
        <p>{t`Your profile is now complete.`}</p>
        {membership && <p>{renewalText(membership.planName, membership.rechargeDate)}</p>}
      </section>
      {membership && completion?.customerId && (
        <section className={styles.card} aria-labelledby="survey-heading">
          <h2 id="survey-heading">{t`Tell us what you think!`}</h2>
          <p>{t`Answer our five-question survey: it takes less than a minute and helps us make every wash better.`}</p>
          <Link className={styles.button} to={`/survey?cid=${encodeURIComponent(completion.customerId)}`}>
            {t`Give Us Your Feedback`}
          </Link>
        </section>
      )}
      <section className={styles.card} aria-labelledby="membership-heading">
        <h2 id="membership-heading">{t`Make the most of your membership!`}</h2>
        <ul className={styles.links}>
          <li>{externalLink(links.locations, t`Find other locations`)}</li>
          <li>{externalLink(links.manageMembership, t`Manage your membership`)}</li>
          <li>{externalLink(links.faqs, t`Read the FAQs`)}</li>
        </ul>
      </section>
    </div>
  );
}
