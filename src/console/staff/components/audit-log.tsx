import { useQuery } from '@tanstack/react-query';
import { siteName } from '../../../domain/sites';
import type { StaffMember } from '../../../domain/staff';
import styles from '../../console.module.css';
import { when } from '../../format';
import { sitesQuery } from '../../sites/api';
import { auditEventsQuery } from '../api';

/** The audit actions whose record is a site: its id is the point-of-sale's, read by its name with the id beside. */
const SITE_ACTIONS = new Set(['site_added', 'site_changed']);

/** The latest console actions: who (a staff member's email when they are one), what, which record, from where. */
export function AuditLog({ staff }: { staff: readonly StaffMember[] }) {
  const audit = useQuery(auditEventsQuery);
  const sites = useQuery(sitesQuery).data?.results;
  const emailOf = new Map(staff.map((member) => [member.id, member.email]));
  const recordOf = (action: string, subjectId: string | null) =>
    subjectId && SITE_ACTIONS.has(action) ? `${siteName(sites, subjectId)} (${subjectId})` : (subjectId ?? '—');
  return (
    <section className={styles.card} aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <div className={styles.tableWrap} tabIndex={0}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Record</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {audit.data?.results.map((event) => (
              <tr key={event.id}>
                <td>{when(event.at)}</td>
                <td>{event.actorId ? (emailOf.get(event.actorId) ?? event.actorId) : event.actorKind}</td>
                <td>{event.action.replace(/_/g, ' ')}</td>
                <td>{recordOf(event.action, event.subjectId)}</td>
                <td>{event.client ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
