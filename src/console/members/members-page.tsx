import { useQuery } from '@tanstack/react-query';
import { Link, useOutletContext } from 'react-router-dom';
import { siteName } from '../../domain/sites';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { ShowMore, usePagedList } from '../components/paged-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { useSiteClock } from '../sites/use-site-clock';
import { membersCsvUrl, membersListQuery } from './api';
import pageStyles from './members-page.module.css';

const FILTERS = ['q', 'site', 'from', 'to', 'consent'] as const;

/**
 * `/admin/members`: newest first, found by name, email or last four digits, filtered by site, day and consent (or
 * a number that opted out of texts).
 */
export function MembersPage() {
  const staff = useOutletContext<StaffMember>();
  const { value, filters, set } = useUrlFilters(FILTERS);
  const query = usePagedList(membersListQuery(filters));
  const members = query.items;
  const sites = useQuery(sitesQuery).data?.results;
  const clock = useSiteClock();

  return (
    <>
      <h1>Members</h1>
      <form className={`${styles.card} ${styles.filters}`} role="search" onSubmit={(event) => event.preventDefault()}>
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
      </form>
      {staff.role === 'owner' && members.length > 0 && (
        <p>
          <a className={`${buttons.secondary} ${styles.buttonLink}`} href={membersCsvUrl(filters)} download>
            Download CSV
          </a>
        </p>
      )}
      {query.error && <p className={styles.alert}>The members could not be loaded.</p>}
      <div className={styles.tableWrap} tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.caption}>
            {query.isPending ? 'Loading...' : `${members.length}${query.hasNextPage ? '+' : ''} members, newest first`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Site</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.id}>
                <td>
                  <Link to={`/members/${member.id}`}>{member.name}</Link>
                </td>
                <td>{member.email}</td>
                <td>
                  •••{member.mobileLastFour}
                  {member.smsOptedOut && <span className={pageStyles.optedOut}>Opted out of texts</span>}
                </td>
                <td>{siteName(sites, member.siteId)}</td>
                <td>{clock.at(member.joinedAt, member.siteId)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!query.isPending && members.length === 0 && (
        <p className={styles.muted}>
          No member matches. Members show here once they complete the profile a code's link opens: issue a code, widen
          the dates or clear a filter.
        </p>
      )}
      <ShowMore list={query} />
    </>
  );
}
