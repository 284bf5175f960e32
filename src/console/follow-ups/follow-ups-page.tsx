import { useQuery } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import { FOLLOW_UP_STATUSES } from '../../domain/follow-ups';
import { siteName } from '../../domain/sites';
import type { StaffMember } from '../../domain/staff';
import { SelectField } from '../../components/fields/select-field';
import { ShowMore, usePagedList } from '../components/paged-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { when } from '../format';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { staffListQuery } from '../staff/api';
import { followUpsListQuery } from './api';
import { dueText, STATUS_LABELS } from './status-text';
import pageStyles from './follow-ups.module.css';

const FILTERS = ['site', 'status', 'assignee'] as const;

/** `/admin/follow-ups`: the detractors' cases, overdue first, then the oldest; filtered by site, status, assignee. */
export function FollowUpsPage() {
  const staff = useOutletContext<StaffMember>();
  const { value, filters, set } = useUrlFilters(FILTERS);
  const query = usePagedList(followUpsListQuery(filters));
  const cases = query.items;
  const sites = useQuery(sitesQuery).data?.results;
  const team = useQuery({ ...staffListQuery, enabled: staff.role === 'owner' }).data?.results ?? [];

  return (
    <>
      <h1>Follow-ups</h1>
      <form className={`${styles.card} ${styles.filters}`} role="search" onSubmit={(event) => event.preventDefault()}>
        <SiteSelect name="site" purpose="filter" value={value('site')} onValueChange={(v) => set('site', v)} />
        <SelectField
          name="status"
          label="Status"
          value={value('status')}
          placeholder="Any status"
          options={FOLLOW_UP_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
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
              .map((member) => ({ value: member.id, label: member.name || member.email })),
          ]}
          onValueChange={(v) => set('assignee', v)}
        />
      </form>
      {query.error && <p className={styles.alert}>The follow-up cases could not be loaded.</p>}
      <p className={styles.muted}>
        {query.isPending
          ? 'Loading...'
          : `${cases.length}${query.hasNextPage ? '+' : ''} cases, overdue first, then the oldest`}
      </p>
      <ul className={pageStyles.cases}>
        {cases.map((item) => (
          <li key={item.id} className={`${styles.card} ${pageStyles.case}`}>
            <h2 className={pageStyles.caseTitle}>
              <Link to={`/follow-ups/${item.id}`}>{item.memberName}</Link>
            </h2>
            <dl className={pageStyles.facts}>
              <div>
                <dt>Site</dt>
                <dd>{siteName(sites, item.siteId)}</dd>
              </div>
              <div>
                <dt>Score</dt>
                <dd>{item.recommendScore === null ? 'A text' : `${item.recommendScore} of 10`}</dd>
              </div>
              <div>
                <dt>Opened</dt>
                <dd>{when(item.openedAt)}</dd>
              </div>
              <div>
                <dt>Due</dt>
                <dd className={item.overdue ? pageStyles.overdue : undefined}>{dueText(item)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{STATUS_LABELS[item.status]}</dd>
              </div>
              <div>
                <dt>Assigned to</dt>
                <dd>{item.assignee ? item.assignee.name || item.assignee.email : 'Nobody'}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <ShowMore list={query} />
    </>
  );
}
