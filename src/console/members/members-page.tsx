import { useQuery } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import { siteName } from '../../domain/sites';
import type { MemberSummary, SCORE_BANDS } from '../../domain/members';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { FiltersPanel } from '../components/filters-panel';
import { ShowMore, usePagedList } from '../components/paged-list';
import { RecordList, type Column } from '../components/record-list/record-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { useSiteClock } from '../sites/use-site-clock';
import { membersCsvUrl, membersListQuery } from './api';
import pageStyles from './members-page.module.css';

const FILTERS = ['q', 'site', 'from', 'to', 'consent', 'noVisitDays', 'latestScore'] as const;

/** The bands of the latest score, with the scores each holds (`npsBand`), best first as the dashboard lists them. */
const LATEST_SCORES = [
  { value: 'promoter', label: 'Promoter (9–10)' },
  { value: 'passive', label: 'Passive (7–8)' },
  { value: 'detractor', label: 'Detractor (1–6)' },
] as const satisfies readonly { value: (typeof SCORE_BANDS)[number]; label: string }[];

/** The lapse a manager looks for: no wash reported in that many days (decision 052). */
const NO_VISIT_DAYS = [14, 30, 60, 90] as const;

/**
 * `/admin/members`: newest first, found by name, email or last four digits, filtered by site, day and consent (or
 * a number that opted out of texts), by no visit in N days, and by the band of their latest score (decision 053).
 */
export function MembersPage() {
  const staff = useOutletContext<StaffMember>();
  const urlFilters = useUrlFilters(FILTERS);
  const { value, filters, set } = urlFilters;
  const query = usePagedList(membersListQuery(filters));
  const members = query.items;
  const sites = useQuery(sitesQuery).data?.results;
  const clock = useSiteClock();
  const columns: Column<MemberSummary>[] = [
    { label: 'Name', card: 'title', cell: (member) => <Link to={`/members/${member.id}`}>{member.name}</Link> },
    { label: 'Email', cell: (member) => member.email },
    {
      label: 'Phone',
      cell: (member) => (
        <>
          •••{member.mobileLastFour}
          {member.smsOptedOut && <span className={pageStyles.optedOut}>Opted out of texts</span>}
        </>
      ),
    },
    { label: 'Site', cell: (member) => siteName(sites, member.siteId) },
    { label: 'Joined', cell: (member) => clock.at(member.joinedAt, member.siteId) },
  ];

  return (
    <>
      <h1>Members</h1>
      <FiltersPanel filters={urlFilters}>
        <TextField
          name="q"
          label="Search"
          type="search"
          placeholder="Name, email or last 4 digits"
          value={value('q')}
          onValueChange={(v) => set('q', v)}
        />
        <SiteSelect name="site" purpose="filter" value={value('site')} onValueChange={(v) => set('site', v)} />
        <TextField
          name="from"
          label="Joined from"
          type="date"
          value={value('from')}
          onValueChange={(v) => set('from', v)}
        />
        <TextField name="to" label="Joined to" type="date" value={value('to')} onValueChange={(v) => set('to', v)} />
        <SelectField
          name="consent"
          label="Consent"
          value={value('consent')}
          options={[
            { value: 'sms', label: 'Texts' },
            { value: 'newsletter', label: 'Emails' },
            { value: 'none', label: 'Neither' },
            { value: 'sms_opted_out', label: 'Opted out of texts' },
          ]}
          onValueChange={(v) => set('consent', v)}
        />
        <SelectField
          name="noVisitDays"
          label="No visit in"
          value={value('noVisitDays')}
          options={NO_VISIT_DAYS.map((days) => ({ value: String(days), label: `${days} days` }))}
          onValueChange={(v) => set('noVisitDays', v)}
        />
        <SelectField
          name="latestScore"
          label="Latest score"
          value={value('latestScore')}
          options={LATEST_SCORES}
          onValueChange={(v) => set('latestScore', v)}
        />
      </FiltersPanel>
      {staff.role === 'owner' && members.length > 0 && (
        <p>
          <a className={`${buttons.secondary} ${styles.buttonLink}`} href={membersCsvUrl(filters)} download>
            Download CSV
          </a>
        </p>
      )}
      {query.error && <p className={styles.alert}>The members could not be loaded.</p>}
      <RecordList
        label="Members"
        pending={query.isPending}
        caption={`${members.length}${query.hasNextPage ? '+' : ''} members, newest first`}
        columns={columns}
        rows={members}
        rowKey={(member) => member.id}
        empty={
          <p>
            No member matches. Members show here once they complete the profile a code&apos;s link opens: issue a code,
            widen the dates or clear a filter.
          </p>
        }
      />
      <ShowMore list={query} />
    </>
  );
}
