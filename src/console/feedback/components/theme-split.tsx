import { Link, useSearchParams } from 'react-router-dom';
import type { FeedbackThemes } from '../../../domain/feedback';
import { FIGURES } from '../../../domain/figures';
import { THEME_LABELS, type Theme } from '../../../domain/themes';
import styles from '../../console.module.css';
import feedbackStyles from '../feedback.module.css';

const BANDS = [
  { band: 'promoter', key: 'promoters', words: ['praise', 'praise'] },
  { band: 'passive', key: 'passives', words: ['passive', 'passive'] },
  { band: 'detractor', key: 'detractors', words: ['complaint', 'complaints'] },
] as const;

/**
 * The themes of the answers for the page's site and days, each split by who said it (decision 046): "Wash quality:
 * 12 praise, 5 complaints". Each count links to the list filtered by its theme and band, which shows as many.
 */
export function ThemeSplit({ themes }: { themes: FeedbackThemes['themes'] }) {
  const [params] = useSearchParams();
  const filtered = (theme: Theme, band: string) => {
    const next = new URLSearchParams(params);
    next.set('theme', theme);
    next.set('band', band);
    return `?${next.toString()}`;
  };
  return (
    <section className={styles.card} aria-labelledby="theme-split-heading">
      <h2 id="theme-split-heading">{FIGURES.themes.term}: who said it</h2>
      <p className={styles.muted}>{FIGURES.themes.definition}</p>
      {themes.length === 0 ? (
        <p className={styles.muted}>No comment in these days mentions a theme.</p>
      ) : (
        <ul className={feedbackStyles.split} data-testid="theme-split">
          {themes.map((entry) => (
            <li key={entry.theme}>
              <strong>{THEME_LABELS[entry.theme]}:</strong>{' '}
              {BANDS.filter(({ key }) => entry[key] > 0).map(({ band, key, words }, index) => (
                <span key={band}>
                  {index > 0 && ', '}
                  <Link
                    className={feedbackStyles.count}
                    to={filtered(entry.theme, band)}
                    aria-label={`${entry[key]} ${words[entry[key] === 1 ? 0 : 1]} about ${THEME_LABELS[entry.theme]}: list them`}
                  >
                    {entry[key]} {words[entry[key] === 1 ? 0 : 1]}
                  </Link>
                </span>
              ))}
              {entry.surveys > entry.promoters + entry.passives + entry.detractors &&
                `${entry.promoters + entry.passives + entry.detractors > 0 ? ', ' : ''}${
                  entry.surveys - entry.promoters - entry.passives - entry.detractors
                } without a score`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
