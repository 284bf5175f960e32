import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { ADMIN_KEY } from '../client';
import styles from '../console.module.css';
import { SiteCheckboxes } from '../sites/components/site-checkboxes';
import { addStaff, changeStaff, staffListQuery } from './api';
import { AuditLog } from './components/audit-log';
import { StaffRow } from './components/staff-row';

/** `/admin/staff` (owners): who may sign in, adding and disabling them, and the audit log of console actions. */
export function StaffPage() {
  const queryClient = useQueryClient();
  const staff = useQuery(staffListQuery);
  const [form, setForm] = useState({ email: '', role: 'manager', sites: [] as string[] });
  const [added, setAdded] = useState<{ email: string; password?: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // A change to a staff member shows in the audit log too: everything the console holds is asked again.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
  const add = useMutation({
    // An owner has every site: the server drops any ticked before "owner" was chosen.
    mutationFn: () => addStaff(form),
    onSuccess: (body) => {
      setAdded({ email: body.staff.email, ...(body.password ? { password: body.password } : {}) });
      setProblem(null);
      setForm({ email: '', role: 'manager', sites: [] });
      void refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  const toggle = useMutation({
    mutationFn: (member: StaffMember) => changeStaff(member.id, { disabled: !member.disabled }),
    onSuccess: () => {
      setProblem(null);
      void refresh();
    },
    onError: (error) => setProblem(error.message),
  });

  return (
    <>
      <h1>Staff</h1>
      <div role="alert">{problem && <p className={styles.alert}>{problem}</p>}</div>
      <section className={styles.card} aria-labelledby="staff-heading">
        <h2 id="staff-heading">Who may sign in</h2>
        <div className={styles.tableWrap} tabIndex={0}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Sites</th>
                <th scope="col">Access</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {staff.data?.results.map((member) => (
                <StaffRow
                  key={member.id}
                  member={member}
                  onSaved={refresh}
                  onProblem={setProblem}
                  onToggle={() => toggle.mutate(member)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.card} aria-labelledby="add-heading">
        <h2 id="add-heading">Add a staff member</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextField
            name="newEmail"
            label="Email"
            type="email"
            value={form.email}
            onValueChange={(email) => setForm({ ...form, email })}
          />
          <SelectField
            name="newRole"
            label="Role"
            value={form.role}
            options={[
              { value: 'manager', label: 'Manager (their sites only)' },
              { value: 'owner', label: 'Owner (everything)' },
            ]}
            onValueChange={(role) => setForm({ ...form, role })}
          />
          {form.role === 'manager' && (
            <SiteCheckboxes
              name="newSite"
              legend="Their sites (a manager sees and issues codes for these only)"
              checked={form.sites}
              onChange={(sites) => setForm({ ...form, sites })}
            />
          )}
          <button type="submit" className={buttons.primary} disabled={add.isPending}>
            Add
          </button>
        </form>
        {added && (
          <p role="status">
            Added {added.email}.{' '}
            {added.password && (
              <>
                Their one-time password, shown this once: <strong>{added.password}</strong>
              </>
            )}
          </p>
        )}
      </section>
      <AuditLog staff={staff.data?.results ?? []} />
    </>
  );
}
