import { useMemo } from 'react';
import type { DashboardFigures } from '../../../domain/dashboard';
import { THEME_LABELS, THEMES } from '../../../domain/themes';
import { Breakdown } from './breakdown';
import { CategoryBars } from './category-bars';
import { countsBySite } from './counts-by-site';

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

  return (
    <Breakdown
      chart={
        rows.length > 0 && (
          <CategoryBars
            counts={bars}
            summary="Surveys whose comment mentions each theme, every site together; the table below has them by site."
          />
        )
      }
      title="Themes in comments by site"
      header={['Site', ...header]}
      rows={rows.map((site) => [site.name, ...site.counts])}
      csvHeader={['Site', 'Site id', ...header]}
      csvRows={rows.map((site) => [site.name, site.siteId, ...site.counts])}
      file={`themes-by-site-${range.from}-${range.to}.csv`}
    />
  );
}
