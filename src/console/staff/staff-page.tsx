import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ADMIN_KEY } from '../client';
import styles from '../console.module.css';
import { staffListQuery } from './api';
import { AddStaffForm } from './components/add-staff-form';
import { StaffCard } from './components/staff-card';
import local from './staff.module.css';

/** `/admin/staff` (owners): who may sign in, adding them and changing their role, sites and access. */
export function StaffPage() {
  const queryClient = useQueryClient();
  const staff = useQuery(staffListQuery);
  // A change to a staff member shows elsewhere too (the audit log, assignees): everything the console holds is asked again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });

  return (
    <>
      <h1>Staff</h1>
      <section className={styles.card} aria-labelledby="staff-heading">
        <h2 id="staff-heading">Who may sign in</h2>
        {staff.isError && <p className={styles.alert}>The staff could not be loaded.</p>}
        <ul className={local.list} aria-labelledby="staff-heading">
          {staff.data?.results.map((member) => (
            <StaffCard key={member.id} member={member} onChanged={refresh} />
          ))}
        </ul>
      </section>
      <AddStaffForm />
      <p>
        What staff did, with who and when: <Link to="/audit">the audit log</Link>.
      </p>
    </>
  );
}
