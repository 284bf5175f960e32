import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '../../../domain/staff';
import styles from '../../console.module.css';
import { when } from '../../format';
import { auditEventsQuery } from '../api';

/** The latest console actions: who (a staff member's email when they are one), what, which record, from where. */
export function AuditLog({ staff }: { staff: readonly StaffMember[] }) {
  const audit = useQuery(auditEventsQuery);
  const emailOf = new Map(staff.map((member) => [member.id, member.email]));
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
                <td>{event.subjectId ?? '—'}</td>
                <td>{event.client ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
