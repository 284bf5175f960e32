import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DashboardFigures } from '../../domain/dashboard';
import { FEEDBACK_OVER_TIME_FIGURES, FIGURES } from '../../domain/figures';
import { siteName, type Site } from '../../domain/sites';
import { SURVEY_QUESTION_TEXTS, SURVEY_QUESTIONS } from '../../domain/survey';
import { TextField } from '../../components/fields/text-field';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { figure, minutes, percent, signed } from '../format';
import { zoneName } from '../site-clock';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { dashboardQuery } from './api';
import { Breakdown } from './components/breakdown';
import { BarChart, WeeklyChart } from './components/dashboard-charts';
import { FeedbackOverTimeSection } from './components/feedback-over-time-section';
import { Figure } from './components/figure';
import { FirstRunSteps } from './components/first-run-steps';
import { FollowUpSection } from './components/follow-up-section';
import { ThemeSection } from './components/theme-section';

/**
 * Which clock the days are counted on (decision 046): the chosen site's, or for several sites the reader's zone,
 * which their account sets.
 */
function daysClockLine(timeZone: string, oneSite: boolean): string {
  const days = `Days on ${zoneName(timeZone).replace(/ Time\b/, ' time')}`;
  return oneSite ? `${days}, the site's clock.` : `${days}, your zone for all sites (your account sets it).`;
}

/** `/admin`: the funnel and the feedback for a range of days and a site, with the figures by week and by site. */
export function DashboardPage() {
  const { value, filters, set } = useUrlFilters(['from', 'to', 'site']);
  const { data, error } = useQuery(dashboardQuery(filters));
  const sites = useQuery(sitesQuery).data?.results;

  return (
    <>
      <h1>Dashboard</h1>
      <FirstRunSteps />
      <form className={`${styles.card} ${styles.filters}`} onSubmit={(event) => event.preventDefault()}>
        <TextField
          name="from"
          label="From"
          type="date"
          value={value('from') || (data?.range.from ?? '')}
          onValueChange={(v) => set('from', v)}
        />
        <TextField
          name="to"
          label="To"
          type="date"
          value={value('to') || (data?.range.to ?? '')}
          onValueChange={(v) => set('to', v)}
        />
        <SiteSelect name="site" purpose="filter" value={value('site')} onValueChange={(v) => set('site', v)} />
        {data && (
          <p className={styles.muted} data-testid="days-clock">
            {daysClockLine(data.range.timeZone, data.range.clock === 'site')}
          </p>
        )}
      </form>
      {error && <p className={styles.alert}>The figures could not be loaded ({error.message}).</p>}
      {!data && !error && <p>Loading...</p>}
      {data && <Figures data={data} sites={sites} />}
    </>
  );
}

function Figures({ data, sites }: { data: DashboardFigures; sites: readonly Site[] | undefined }) {
  const { funnel, feedback } = data;
  // Kept while neither changes: the chart is drawn again whenever its figures are new.
  const bySite = useMemo(
    () => data.sites.map((site) => ({ ...site, name: siteName(sites, site.siteId) })),
    [data.sites, sites],
  );
  const completedBySite = useMemo(() => bySite.map((site) => ({ label: site.name, value: site.completed })), [bySite]);
  const nameOf = useCallback((siteId: string) => siteName(sites, siteId), [sites]);
  return (
    <>
      <section className={styles.card} aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">Funnel</h2>
        <p className={styles.muted}>
          Codes issued from {data.range.from} to {data.range.to}
          {data.site ? ` at ${siteName(sites, data.site)}` : ''}, and what became of them.
        </p>
        <dl className={`${styles.figures} ${styles.definedFigures}`}>
          <Figure {...FIGURES.codesIssued} value={figure(funnel.issued)} />
          <Figure {...FIGURES.linksOpened} value={figure(funnel.opened)} />
          <Figure {...FIGURES.profilesCompleted} value={figure(funnel.completed)} />
          <Figure {...FIGURES.completionRate} value={percent(funnel.completionRate)} />
          <Figure {...FIGURES.timeToComplete} value={minutes(funnel.medianMinutesToComplete)} />
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Feedback</h2>
        <p className={styles.muted}>
          Surveys sent from {data.range.from} to {data.range.to} by members of{' '}
          {data.site ? siteName(sites, data.site) : 'your sites'}, at sign-up and after visits; sign-ups without a code
          belong to no site and are left out, an answer after a visit counts at the visit’s site.
        </p>
        <dl className={`${styles.figures} ${styles.definedFigures}`}>
          <Figure {...FIGURES.responseRate} value={percent(feedback.responseRate)} />
          <Figure {...FIGURES.respondents} value={`${figure(feedback.respondents)} of ${figure(feedback.offered)}`} />
          <Figure {...FIGURES.surveys} value={figure(feedback.surveys)} />
          <Figure
            {...FEEDBACK_OVER_TIME_FIGURES.surveysBySource}
            value={`${figure(feedback.signUp.surveys)} / ${figure(feedback.afterVisit.surveys)}`}
          />
          <Figure {...FIGURES.emptySurveys} value={figure(feedback.empty)} />
          <Figure {...FIGURES.nps} value={signed(feedback.nps)} />
          <Figure
            {...FIGURES.npsBands}
            value={`${feedback.promoters} / ${feedback.passives} / ${feedback.detractors}`}
          />
        </dl>
        <h3>{FIGURES.averageScores.term}</h3>
        <p className={styles.muted}>{FIGURES.averageScores.definition}</p>
        <div className={styles.tableWrap} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">All</th>
                <th scope="col">At sign-up</th>
                <th scope="col">After a visit</th>
              </tr>
            </thead>
            <tbody>
              {SURVEY_QUESTIONS.map((question) => (
                <tr key={question}>
                  <td>{SURVEY_QUESTION_TEXTS[question]}</td>
                  <td>{feedback.averages[question] ?? '—'}</td>
                  <td>{feedback.signUp.averages[question] ?? '—'}</td>
                  <td>{feedback.afterVisit.averages[question] ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Breakdown
        chart={data.weeks.length > 0 && <WeeklyChart weeks={data.weeks} />}
        title="By week"
        header={['Week of', 'Profiles completed', 'NPS']}
        rows={data.weeks.map((week) => [week.week, week.completed, signed(week.nps)])}
        csvRows={data.weeks.map((week) => [week.week, week.completed, week.nps ?? ''])}
        file={`by-week-${data.range.from}-${data.range.to}.csv`}
      />
      <Breakdown
        chart={
          bySite.length > 0 && (
            <BarChart
              bars={completedBySite}
              axis="Site"
              figure="Profiles completed"
              summary={`Profiles completed at each of ${bySite.length} sites; the table below has the figures.`}
            />
          )
        }
        title="By site"
        // Every respondent of a site with a review page is invited to review it; "opened" counts who followed it.
        header={['Site', 'Profiles completed', 'NPS', 'Review invitations', 'Review links opened']}
        rows={bySite.map((site) => [
          site.name,
          site.completed,
          signed(site.nps),
          site.reviewInvitations,
          site.reviewsOpened,
        ])}
        // The spreadsheet keeps the point-of-sale's id beside the name, to match its own records.
        csvHeader={['Site', 'Site id', 'Profiles completed', 'NPS', 'Review invitations', 'Review links opened']}
        csvRows={bySite.map((site) => [
          site.name,
          site.siteId,
          site.completed,
          site.nps ?? '',
          site.reviewInvitations,
          site.reviewsOpened,
        ])}
        file={`by-site-${data.range.from}-${data.range.to}.csv`}
      />
      <FeedbackOverTimeSection data={data} nameOf={nameOf} />
      <ThemeSection themes={data.themes} range={data.range} nameOf={nameOf} />
      <FollowUpSection followUps={data.followUps} range={data.range} nameOf={nameOf} />
    </>
  );
}
