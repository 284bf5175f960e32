import { useQuery } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import type { StaffMember } from '../../domain/staff';
import { THEME_LABELS, THEMES } from '../../domain/themes';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { FiltersPanel } from '../components/filters-panel';
import { ShowMore, usePagedList } from '../components/paged-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { SiteSelect } from '../sites/components/site-select';
import { useSiteClock } from '../sites/use-site-clock';
import { feedbackCsvUrl, feedbackListQuery, feedbackThemesQuery } from './api';
import { ThemeSplit } from './components/theme-split';
import feedbackStyles from './feedback.module.css';

const FILTERS = ['band', 'theme', 'site', 'from', 'to'] as const;

const THEME_OPTIONS = THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }));

/** `/admin/feedback`: survey answers with comments and their themes, newest first; detractors stand out. */
export function FeedbackPage() {
  const staff = useOutletContext<StaffMember>();
  const urlFilters = useUrlFilters(FILTERS);
  const { value, filters, set } = urlFilters;
  const query = usePagedList(feedbackListQuery(filters));
  const entries = query.items;
  const clock = useSiteClock();
  const themes = useQuery(feedbackThemesQuery(filters)).data?.themes;

  return (
    <>
      <h1>Feedback</h1>
      <FiltersPanel filters={urlFilters}>
        <SelectField
          name="band"
          label="Score"
          value={value('band')}
          options={[
            { value: 'detractor', label: 'Complaints: detractors (1–6)' },
            { value: 'passive', label: 'Passives (7–8)' },
            { value: 'promoter', label: 'Praise: promoters (9–10)' },
          ]}
          onValueChange={(v) => set('band', v)}
        />
        <SelectField
          name="theme"
          label="Theme"
          value={value('theme')}
          options={THEME_OPTIONS}
          placeholder="All themes"
          onValueChange={(v) => set('theme', v)}
        />
        <SiteSelect name="site" purpose="filter" value={value('site')} onValueChange={(v) => set('site', v)} />
        <TextField name="from" label="From" type="date" value={value('from')} onValueChange={(v) => set('from', v)} />
        <TextField name="to" label="To" type="date" value={value('to')} onValueChange={(v) => set('to', v)} />
      </FiltersPanel>
      {themes && <ThemeSplit themes={themes} />}
      {staff.role === 'owner' && entries.length > 0 && (
        <p>
          <a className={`${buttons.secondary} ${styles.buttonLink}`} href={feedbackCsvUrl(filters)} download>
            Download CSV
          </a>
        </p>
      )}
      {query.error && <p className={styles.alert}>The feedback could not be loaded.</p>}
      {query.isPending && <p>Loading...</p>}
      {!query.isPending && entries.length === 0 && (
        <p className={styles.muted}>
          No survey matches. Surveys show here as members answer them after completing their profile: widen the dates or
          clear a filter.
        </p>
      )}
      {entries.map((entry) => (
        <article key={entry.id} className={`${styles.card} ${entry.band === 'detractor' ? styles.detractor : ''}`}>
          <h2 style={{ fontSize: '1.0625rem', margin: 0 }}>
            <Link to={`/members/${entry.memberId}`}>{entry.memberName}</Link> · {clock.nameOf(entry.siteId)} ·{' '}
            {entry.band
              ? `${entry.band}, recommends ${entry.scores.recommendToOthersScore}/10`
              : 'recommend not answered'}
          </h2>
          <p className={styles.muted}>{clock.at(entry.createdAt, entry.siteId)}</p>
          {entry.comments ? <blockquote>{entry.comments}</blockquote> : <p className={styles.muted}>No comment.</p>}
          {entry.themes.length > 0 && (
            <ul aria-label="Themes" className={feedbackStyles.themes}>
              {entry.themes.map((theme) => (
                <li key={theme} className={feedbackStyles.theme}>
                  {THEME_LABELS[theme]}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
      <ShowMore list={query} />
    </>
  );
}
