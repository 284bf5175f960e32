import { useMemo } from 'react';
import type { DashboardFigures } from '../../../domain/dashboard';
import { FIGURES } from '../../../domain/figures';
import { ROOT_CAUSE_LABELS, ROOT_CAUSES } from '../../../domain/follow-ups';
import styles from '../../console.module.css';
import { figure, minutes, percent } from '../../format';
import { Breakdown } from './breakdown';
import { CategoryBars } from './category-bars';
import { countsBySite } from './counts-by-site';
import { BarChart } from './dashboard-charts';
import { Figure } from './figure';

type FollowUps = DashboardFigures['followUps'];

/**
 * The follow-up cases opened in the range (decision 026): where they stand now, how soon members were reached, how
 * often the promise was kept, by site, and why members were unhappy.
 */
export function FollowUpSection({
  followUps,
  range,
  nameOf,
}: {
  followUps: FollowUps;
  range: DashboardFigures['range'];
  nameOf: (siteId: string) => string;
}) {
  const causes = useMemo(
    () =>
      countsBySite(
        followUps.rootCauses,
        ROOT_CAUSES,
        (entry) => entry.rootCause,
        (entry) => entry.cases,
        nameOf,
      ),
    [followUps.rootCauses, nameOf],
  );
  const causeBars = useMemo(
    () => ROOT_CAUSES.map((cause, index) => ({ label: ROOT_CAUSE_LABELS[cause], value: causes.totals[index]! })),
    [causes],
  );
  const openedBySite = useMemo(
    () => followUps.sites.map((site) => ({ label: nameOf(site.siteId), value: site.opened })),
    [followUps.sites, nameOf],
  );
  const file = (name: string) => `${name}-${range.from}-${range.to}.csv`;
  const causeHeader = ROOT_CAUSES.map((cause) => ROOT_CAUSE_LABELS[cause]);

  return (
    <>
      <section className={styles.card} aria-labelledby="follow-ups-heading">
        <h2 id="follow-ups-heading">Follow-ups</h2>
        <p className={styles.muted}>Cases opened for detractors in the range, and where they stand now.</p>
        <dl className={`${styles.figures} ${styles.definedFigures}`}>
          <Figure {...FIGURES.casesOpened} value={figure(followUps.opened)} />
          <Figure {...FIGURES.openCases} value={figure(followUps.open)} />
          <Figure {...FIGURES.overdueCases} value={figure(followUps.overdue)} />
          <Figure {...FIGURES.timeToFirstContact} value={minutes(followUps.medianMinutesToFirstContact)} />
          <Figure {...FIGURES.resolvedBeforeDue} value={percent(followUps.resolvedOnTimeRate)} />
        </dl>
      </section>
      <Breakdown
        chart={
          followUps.sites.length > 0 && (
            <BarChart
              bars={openedBySite}
              axis="Site"
              figure="Cases opened"
              summary={`Follow-up cases opened at each of ${followUps.sites.length} sites; the table below has the figures.`}
            />
          )
        }
        title="Follow-ups by site"
        whenEmpty="Cases show here once a detractor's survey or a member's text opens one in this range."
        header={['Site', 'Cases opened', 'Open', 'Overdue', 'Median time to first contact', 'Resolved before due']}
        rows={followUps.sites.map((site) => [
          nameOf(site.siteId),
          site.opened,
          site.open,
          site.overdue,
          minutes(site.medianMinutesToFirstContact),
          percent(site.resolvedOnTimeRate),
        ])}
        csvHeader={[
          'Site',
          'Site id',
          'Cases opened',
          'Open',
          'Overdue',
          'Median minutes to first contact',
          'Resolved before due (share)',
        ]}
        csvRows={followUps.sites.map((site) => [
          nameOf(site.siteId),
          site.siteId,
          site.opened,
          site.open,
          site.overdue,
          site.medianMinutesToFirstContact ?? '',
          site.resolvedOnTimeRate ?? '',
        ])}
        file={file('follow-ups-by-site')}
      />
      <Breakdown
        chart={
          causes.rows.length > 0 && (
            <CategoryBars
              counts={causeBars}
              summary="Resolved cases by root cause, every site together; the table below has them by site."
            />
          )
        }
        title="Root causes by site"
        whenEmpty="Root causes show here once cases opened in this range are resolved with one."
        header={['Site', ...causeHeader]}
        rows={causes.rows.map((site) => [site.name, ...site.counts])}
        csvHeader={['Site', 'Site id', ...causeHeader]}
        csvRows={causes.rows.map((site) => [site.name, site.siteId, ...site.counts])}
        file={file('root-causes-by-site')}
      />
    </>
  );
}
