import { useMemo } from 'react';
import type { DashboardFigures } from '../../../domain/dashboard';
import { THEME_LABELS, THEMES } from '../../../domain/themes';
import { Breakdown } from './breakdown';
import { BarChart } from './dashboard-charts';

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
  // One row per site whose comments mention a theme, one column per theme.
  const bySite = useMemo(() => {
    const rows = new Map<string, Partial<Record<string, number>>>();
    for (const { siteId, theme, surveys } of themes) rows.set(siteId, { ...rows.get(siteId), [theme]: surveys });
    return [...rows].map(([siteId, counts]) => ({
      siteId,
      name: nameOf(siteId),
      counts: THEMES.map((theme) => counts[theme] ?? 0),
    }));
  }, [themes, nameOf]);
  const totals = useMemo(
    () =>
      THEMES.map((theme, index) => ({
        label: THEME_LABELS[theme],
        value: bySite.reduce((sum, site) => sum + site.counts[index]!, 0),
      })),
    [bySite],
  );
  const header = THEMES.map((theme) => THEME_LABELS[theme]);

  return (
    <Breakdown
      chart={
        bySite.length > 0 && (
          <BarChart
            bars={totals}
            axis="Theme"
            figure="Surveys mentioning it"
            summary="Surveys whose comment mentions each theme, every site together; the table below has them by site."
          />
        )
      }
      title="Themes in comments by site"
      header={['Site', ...header]}
      rows={bySite.map((site) => [site.name, ...site.counts])}
      csvHeader={['Site', 'Site id', ...header]}
      csvRows={bySite.map((site) => [site.name, site.siteId, ...site.counts])}
      file={`themes-by-site-${range.from}-${range.to}.csv`}
    />
  );
}
