import { useMemo } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import type { DashboardFigures } from '../../../domain/dashboard';
import { FEEDBACK_OVER_TIME_FIGURES as FIGURES } from '../../../domain/figures';
import type { StaffMember } from '../../../domain/staff';
import { SURVEY_QUESTIONS, type SurveyQuestion } from '../../../domain/survey';
import styles from '../../console.module.css';
import { figure, percent, signed } from '../../format';
import { Breakdown } from './breakdown';
import { CategoryBars } from './category-bars';
import { NpsTrendChart } from './dashboard-charts';
import { Figure } from './figure';

/** Each question in a word, for a table of five columns that must read on a phone (the questions: docs/spec.md §2). */
const QUESTION_LABELS: Record<SurveyQuestion, string> = {
  recommendToOthersScore: 'Recommend',
  washQualityScore: 'Wash',
  cleanlinessScore: 'Cleanliness',
  serviceScore: 'Service',
  valueScore: 'Value',
};

const average = (value: number | null) => (value === null ? '—' : String(value));

/** What a site's row of the funnel says, in the table and in the CSV. */
const FUNNEL_HEADER = ['Site', 'Asks now', 'Made', 'Sent', 'Opened', 'Answered', 'Open rate', 'Answer rate'];

/**
 * Feedback after visits and over time (decision 053): the invitations made in the range and what became of them, by
 * site; then NPS by week, split by when it was asked for, and each question's weekly average. Where no site asks
 * after a visit and none did in the range, one line says so, and an owner is shown where to turn it on.
 */
export function FeedbackOverTimeSection({
  data,
  nameOf,
}: {
  data: DashboardFigures;
  nameOf: (siteId: string) => string;
}) {
  const staff = useOutletContext<StaffMember>();
  const { invitations, scoreWeeks, range } = data;
  const notAsking = invitations.made === 0 && invitations.sitesAsking === 0;
  const funnelBars = useMemo(
    () => [
      { label: FIGURES.invitationsMade.term, value: invitations.made },
      { label: FIGURES.invitationsSent.term, value: invitations.sent },
      { label: FIGURES.invitationsOpened.term, value: invitations.opened },
      { label: FIGURES.invitationsAnswered.term, value: invitations.answered },
    ],
    [invitations],
  );
  const answered = scoreWeeks.some((week) => week.all.surveys > 0);
  const file = (name: string) => `${name}-${range.from}-${range.to}.csv`;
  const notAskingYet = data.site
    ? 'This site does not ask for feedback after a visit yet.'
    : 'None of these sites asks for feedback after a visit yet.';

  return (
    <>
      <section className={styles.card} aria-labelledby="after-visits-heading">
        <h2 id="after-visits-heading">Feedback after visits</h2>
        {notAsking ? (
          <p data-testid="after-visits-off">
            {notAskingYet}{' '}
            {staff.role === 'owner' && (
              <>
                Turn on “Ask after a visit” for a site on the <Link to="/sites">Sites page</Link>: its members are then
                texted a survey link after their visits, and their answers show here week by week.
              </>
            )}
          </p>
        ) : (
          <>
            <p className={styles.muted}>
              Invitations made from {range.from} to {range.to} after visits, and what became of them.
              {invitations.sitesAsking === 0 && ' No site of these asks now: these were made before it stopped.'}
            </p>
            <dl className={`${styles.figures} ${styles.definedFigures}`}>
              <Figure {...FIGURES.invitationsMade} value={figure(invitations.made)} />
              <Figure {...FIGURES.invitationsSent} value={figure(invitations.sent)} />
              <Figure {...FIGURES.invitationsOpened} value={figure(invitations.opened)} />
              <Figure {...FIGURES.invitationsAnswered} value={figure(invitations.answered)} />
              <Figure {...FIGURES.invitationOpenRate} value={percent(invitations.openedRate)} />
              <Figure {...FIGURES.invitationAnswerRate} value={percent(invitations.answeredRate)} />
            </dl>
          </>
        )}
      </section>
      {!notAsking && (
        <Breakdown
          chart={
            invitations.made > 0 && (
              <CategoryBars
                counts={funnelBars}
                summary="Invitations made, sent, opened and answered, every site together; the table below has them by site."
              />
            )
          }
          title="Invitations by site"
          whenEmpty="Sites show here once one asks after a visit or makes an invitation in this range."
          header={FUNNEL_HEADER}
          rows={invitations.sites.map((site) => [
            nameOf(site.siteId),
            site.asking ? 'Yes' : 'No',
            site.made,
            site.sent,
            site.opened,
            site.answered,
            percent(site.openedRate),
            percent(site.answeredRate),
          ])}
          csvHeader={['Site', 'Site id', ...FUNNEL_HEADER.slice(1, 6), 'Open rate (share)', 'Answer rate (share)']}
          csvRows={invitations.sites.map((site) => [
            nameOf(site.siteId),
            site.siteId,
            site.asking ? 'Yes' : 'No',
            site.made,
            site.sent,
            site.opened,
            site.answered,
            site.openedRate ?? '',
            site.answeredRate ?? '',
          ])}
          file={file('invitations-by-site')}
        />
      )}
      <Breakdown
        chart={
          <>
            <p className={styles.muted}>{FIGURES.weeklyNps.definition}</p>
            {answered && <NpsTrendChart weeks={scoreWeeks} />}
          </>
        }
        title={FIGURES.weeklyNps.term}
        header={['Week of', 'NPS', 'At sign-up', 'After a visit', 'Surveys (sign-up / after a visit)']}
        rows={scoreWeeks.map((week) => [
          week.week,
          signed(week.all.nps),
          signed(week.signUp.nps),
          signed(week.afterVisit.nps),
          `${week.signUp.surveys} / ${week.afterVisit.surveys}`,
        ])}
        csvHeader={[
          'Week of',
          'NPS',
          'NPS at sign-up',
          'NPS after a visit',
          'Surveys at sign-up',
          'Surveys after a visit',
        ]}
        csvRows={scoreWeeks.map((week) => [
          week.week,
          week.all.nps ?? '',
          week.signUp.nps ?? '',
          week.afterVisit.nps ?? '',
          week.signUp.surveys,
          week.afterVisit.surveys,
        ])}
        file={file('nps-by-week')}
      />
      <Breakdown
        chart={<p className={styles.muted}>{FIGURES.weeklyAverages.definition}</p>}
        title={FIGURES.weeklyAverages.term}
        header={['Week of', ...SURVEY_QUESTIONS.map((question) => QUESTION_LABELS[question])]}
        rows={scoreWeeks.map((week) => [
          week.week,
          ...SURVEY_QUESTIONS.map((question) => average(week.all.averages[question])),
        ])}
        csvRows={scoreWeeks.map((week) => [
          week.week,
          ...SURVEY_QUESTIONS.map((question) => week.all.averages[question] ?? ''),
        ])}
        file={file('average-scores-by-week')}
      />
    </>
  );
}
