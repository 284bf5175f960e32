import { useMemo } from 'react';
import type { DashboardFigures } from '../../../domain/dashboard';
import { FIGURES } from '../../../domain/figures';
import { THEME_LABELS, THEMES } from '../../../domain/themes';
import styles from '../../console.module.css';
import { Breakdown } from './breakdown';
import { CategoryBars } from './category-bars';
import { countsBySite } from './counts-by-site';

type ThemeEntry = DashboardFigures['themes'][number];

/** Each theme mentioned, every site together, split by who said it; the most mentioned first. */
function sentimentOf(themes: readonly ThemeEntry[]) {
  return THEMES.map((theme) => {
    const entries = themes.filter((entry) => entry.theme === theme);
    const sum = (key: 'surveys' | 'promoters' | 'passives' | 'detractors') =>
      entries.reduce((total, entry) => total + entry[key], 0);
    const surveys = sum('surveys');
    const [promoters, passives, detractors] = [sum('promoters'), sum('passives'), sum('detractors')];
    return { theme, surveys, promoters, passives, detractors, unscored: surveys - promoters - passives - detractors };
  })
    .filter((entry) => entry.surveys > 0)
    .sort((a, b) => b.surveys - a.surveys);
}

/** A site's praise, passive and complaint counts of each theme, in THEMES order, for the CSV. */
const bandCells = (themes: readonly ThemeEntry[], siteId: string) =>
  THEMES.flatMap((theme) => {
    const entry = themes.find((item) => item.siteId === siteId && item.theme === theme);
    return [entry?.promoters ?? 0, entry?.passives ?? 0, entry?.detractors ?? 0];
  });

/** What the range's comments are about (decision 028): the surveys mentioning each theme, by site. */
export function ThemeSection({
  themes,
  range,
  nameOf,
}: {
  themes: DashboardFigures['themes'];
  range: DashboardFigures['range'];
  nameOf: (siteId: string) => string;
}) {
  const { rows, totals } = useMemo(
    () =>
      countsBySite(
        themes,
        THEMES,
        (entry) => entry.theme,
        (entry) => entry.surveys,
        nameOf,
      ),
    [themes, nameOf],
  );
  const bars = useMemo(
    () => THEMES.map((theme, index) => ({ label: THEME_LABELS[theme], value: totals[index]! })),
    [totals],
  );
  const header = THEMES.map((theme) => THEME_LABELS[theme]);
  const bySentiment = useMemo(() => sentimentOf(themes), [themes]);
  const bandHeader = THEMES.flatMap((theme) =>
    ['praise (9–10)', 'passive (7–8)', 'complaints (1–6)'].map((band) => `${THEME_LABELS[theme]}: ${band}`),
  );

  return (
    <Breakdown
      whenEmpty="Themes show here once members' comments in this range mention one."
      chart={
        rows.length > 0 && (
          <>
            <CategoryBars
              counts={bars}
              summary="Surveys whose comment mentions each theme, every site together; the table below has them by site."
            />
            <h3 id="theme-sentiment-heading">Who said it</h3>
            <p className={styles.muted}>
              {FIGURES.themes.definition} A theme is found by its words, whatever surrounds them: the word lists cannot
              tell &ldquo;not still dirty&rdquo; from &ldquo;still dirty&rdquo;, and the score says whether a mention
              was praise.
            </p>
            <ul aria-labelledby="theme-sentiment-heading" data-testid="theme-sentiment">
              {bySentiment.map((entry) => (
                <li key={entry.theme}>
                  <strong>{THEME_LABELS[entry.theme]}:</strong> {entry.promoters} praise, {entry.detractors}{' '}
                  {entry.detractors === 1 ? 'complaint' : 'complaints'}
                  {entry.passives > 0 ? `, ${entry.passives} passive` : ''}
                  {entry.unscored > 0 ? `, ${entry.unscored} without a score` : ''}
                </li>
              ))}
            </ul>
          </>
        )
      }
      title="Themes in comments by site"
      header={['Site', ...header]}
      rows={rows.map((site) => [site.name, ...site.counts])}
      csvHeader={['Site', 'Site id', ...header, ...bandHeader]}
      csvRows={rows.map((site) => [site.name, site.siteId, ...site.counts, ...bandCells(themes, site.siteId)])}
      file={`themes-by-site-${range.from}-${range.to}.csv`}
    />
  );
}
