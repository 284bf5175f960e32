import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditEvent, type AuditTarget } from '../../domain/audit';
import { staffName } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { accountSettingsQuery } from '../account/api';
import { apiKeysQuery } from '../api-keys/api';
import { FiltersPanel } from '../components/filters-panel';
import { ShowMore, usePagedList } from '../components/paged-list';
import { RecordList, type Column } from '../components/record-list/record-list';
import { useUrlFilters } from '../components/url-filters';
import styles from '../console.module.css';
import { atSite, zoneName } from '../site-clock';
import { useSiteClock } from '../sites/use-site-clock';
import { staffListQuery } from '../staff/api';
import { auditCsvUrl, auditListQuery } from './api';

const FILTERS = ['who', 'action', 'from', 'to'] as const;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** A target by its name; a member and a case link to their pages. Never an id (decision 048). */
function Target({ target }: { target: AuditTarget }) {
  if (target.kind === 'member' && target.id) return <Link to={`/members/${target.id}`}>{target.name}</Link>;
  if (target.kind === 'case' && target.id) return <Link to={`/follow-ups/${target.id}`}>{target.name}</Link>;
  return <>{target.name}</>;
}

function Targets({ event }: { event: AuditEvent }) {
  if (event.targets.length === 0) return <>—</>;
  return event.targets.map((target, i) => (
    <span key={i}>
      {i > 0 && ', '}
      <Target target={target} />
    </span>
  ));
}

/**
 * `/admin/audit` (owners): every console action that revealed or changed data, newest first, by who, what and
 * date, each named; a time about a site on its clock, any other on the owner's zone, which also counts the days the
 * dates filter (decision 046).
 */
export function AuditPage() {
  const urlFilters = useUrlFilters(FILTERS);
  const { value, filters, set } = urlFilters;
  const query = usePagedList(auditListQuery(filters));
  const events = query.items;
  const clock = useSiteClock();
  const settings = useQuery(accountSettingsQuery).data;
  const ownZone = settings ? (settings.timeZone ?? settings.defaultTimeZone) : undefined;
  const people = useQuery(staffListQuery).data?.results ?? [];
  const keys = useQuery(apiKeysQuery).data?.results ?? [];
  const whoOptions = [
    ...people.map((person) => ({ value: `staff:${person.id}`, label: staffName(person) })),
    ...keys.map((key) => ({ value: `key:${key.id}`, label: `API key: ${key.name}` })),
    { value: 'key:environment', label: 'API key: ADMIN_API_KEY (environment)' },
    { value: 'cli', label: 'Command line' },
  ];
  const at = (event: AuditEvent) =>
    event.siteId ? clock.at(event.at, event.siteId) : ownZone ? atSite(event.at, ownZone) : '…';

  const columns: Column<AuditEvent>[] = [
    { label: 'What', card: 'title', cell: (event) => AUDIT_ACTION_LABELS[event.action] },
    { label: 'When', cell: at },
    { label: 'Who', cell: (event) => event.actor.name },
    { label: 'About', cell: (event) => <Targets event={event} /> },
    { label: 'From', cell: (event) => event.client ?? '—' },
  ];

  return (
    <>
      <h1>Audit log</h1>
      <FiltersPanel filters={urlFilters}>
        <SelectField
          name="who"
          label="Who"
          value={value('who')}
          options={whoOptions}
          placeholder="Anyone"
          onValueChange={(v) => set('who', v)}
        />
        <SelectField
          name="action"
          label="What"
          value={value('action')}
          options={ACTION_OPTIONS}
          placeholder="Any action"
          onValueChange={(v) => set('action', v)}
        />
        <TextField name="from" label="From" type="date" value={value('from')} onValueChange={(v) => set('from', v)} />
        <TextField name="to" label="To" type="date" value={value('to')} onValueChange={(v) => set('to', v)} />
      </FiltersPanel>
      {ownZone && (
        <p className={styles.muted}>
          Dates are days on {zoneName(ownZone)}, your account’s zone. A time about a site is on that site’s clock.
        </p>
      )}
      {events.length > 0 && (
        <p>
          <a className={`${buttons.secondary} ${styles.buttonLink}`} href={auditCsvUrl(filters)} download>
            Download CSV
          </a>
        </p>
      )}
      {query.error && <p className={styles.alert}>The audit log could not be loaded.</p>}
      <RecordList
        label="Audit log"
        pending={query.isPending}
        caption={`${events.length}${query.hasNextPage ? '+' : ''} actions, newest first`}
        columns={columns}
        rows={events}
        rowKey={(event) => event.id}
        empty={
          <p>
            No action matches. Every sign-in, change, export and record opened in the console shows here as it happens,
            with who did it: widen the dates or clear a filter.
          </p>
        }
      />
      <ShowMore list={query} />
    </>
  );
}
