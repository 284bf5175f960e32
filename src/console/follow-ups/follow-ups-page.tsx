import { useQuery } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import { FOLLOW_UP_STATUSES, type FollowUpSummary } from '../../domain/follow-ups';
import { siteName } from '../../domain/sites';
import { staffName, type StaffMember } from '../../domain/staff';
import { SelectField } from '../../components/fields/select-field';
import { FiltersPanel } from '../components/filters-panel';
import { ShowMore, usePagedList } from '../components/paged-list';
import { RecordList, type Column } from '../components/record-list/record-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { useSiteClock } from '../sites/use-site-clock';
import { staffListQuery } from '../staff/api';
import { followUpsListQuery } from './api';
import { casesText, STATUS_LABELS } from './status-text';
import pageStyles from './follow-ups.module.css';

const FILTERS = ['site', 'status', 'assignee'] as const;

/**
 * `/admin/follow-ups`: the cases that need someone (open or contacted), the viewer's own first, then overdue, then
 * the oldest; filtered by site, status, assignee.
 */
export function FollowUpsPage() {
  const staff = useOutletContext<StaffMember>();
  const urlFilters = useUrlFilters(FILTERS);
  const { value, filters, set } = urlFilters;
  // The inbox opens on what needs someone (open or contacted); "Any status" is asked for as `status=any`.
  const asked = new URLSearchParams(filters);
  if (!asked.get('status')) asked.set('status', 'active');
  else if (asked.get('status') === 'any') asked.delete('status');
  const query = usePagedList(followUpsListQuery(asked));
  const cases = query.items;
  const sites = useQuery(sitesQuery).data?.results;
  const team = useQuery({ ...staffListQuery, enabled: staff.role === 'owner' }).data?.results ?? [];
  // Each case's times on its site's clock, DEFAULT_TIMEZONE for a sign-up of no site (decision 046).
  const clock = useSiteClock();

  const columns: Column<FollowUpSummary>[] = [
    {
      label: 'Member',
      card: 'title',
      cell: (item) => <Link to={`/follow-ups/${item.id}`}>{item.memberName}</Link>,
    },
    {
      label: 'Due',
      cell: (item) => (
        <span className={item.overdue ? pageStyles.overdue : undefined}>
          {item.overdue ? 'Overdue since ' : ''}
          {clock.at(item.dueAt, item.siteId)}
        </span>
      ),
    },
    { label: 'Status', cell: (item) => STATUS_LABELS[item.status] },
    { label: 'Assigned to', cell: (item) => (item.assignee ? staffName(item.assignee) : 'Nobody') },
    { label: 'Score', cell: (item) => (item.recommendScore === null ? 'A text' : `${item.recommendScore} of 10`) },
    { label: 'Site', cell: (item) => siteName(sites, item.siteId) },
    { label: 'Opened', cell: (item) => clock.at(item.openedAt, item.siteId) },
  ];

  return (
    <>
      <h1>Follow-ups</h1>
      <FiltersPanel filters={urlFilters}>
        <SiteSelect name="site" purpose="filter" value={value('site')} onValueChange={(v) => set('site', v)} />
        <SelectField
          name="status"
          label="Status"
          value={value('status')}
          placeholder="Needs someone"
          options={[
            ...FOLLOW_UP_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
            { value: 'any', label: 'Any status' },
          ]}
          onValueChange={(v) => set('status', v)}
        />
        <SelectField
          name="assignee"
          label="Assigned to"
          value={value('assignee')}
          placeholder="Anyone"
          options={[
            { value: 'me', label: 'Me' },
            { value: 'none', label: 'Nobody' },
            ...team
              .filter((member) => member.id !== staff.id)
              .map((member) => ({ value: member.id, label: staffName(member) })),
          ]}
          onValueChange={(v) => set('assignee', v)}
        />
      </FiltersPanel>
      {query.error && <p className={styles.alert}>The follow-up cases could not be loaded.</p>}
      <p className={styles.muted}>
        {query.isPending
          ? 'Loading...'
          : `${casesText(cases.length, query.hasNextPage)}, yours first, then overdue, then the oldest`}
      </p>
      <RecordList
        label="Follow-up cases"
        columns={columns}
        rows={cases}
        rowKey={(item) => item.id}
        pending={query.isPending}
        empty={
          urlFilters.count > 0 ? (
            <p>No case matches these filters: clear a filter to see more.</p>
          ) : (
            <p>
              Nothing needs someone now. A case opens here when a survey scores 1–6 on recommending, or when a member
              texts something that is not a keyword; choose &quot;Any status&quot; in the filters to see closed cases.
            </p>
          )
        }
      />
      <ShowMore list={query} />
    </>
  );
}
