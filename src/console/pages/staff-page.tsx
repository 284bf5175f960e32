import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useOutletContext } from 'react-router-dom';
import type { ApiErrorBody } from '../../domain/api-error';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { consoleApi, getJson } from '../api';
import styles from '../console.module.css';
import { when } from '../format';

interface AuditEvent {
  id: string;
  at: string;
  actorKind: string;
  actorId: string | null;
  action: string;
  subjectId: string | null;
  client: string | null;
}

/** `/admin/staff` (owners): who may sign in, adding and disabling them, and the audit log of console actions. */
export function StaffPage() {
  const me = useOutletContext<StaffMember>();
  const queryClient = useQueryClient();
  const staff = useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: () => getJson<{ results: StaffMember[] }>('admin/staff'),
  });
  const audit = useQuery({
    queryKey: ['admin', 'audit'],
    queryFn: () => getJson<{ results: AuditEvent[] }>('admin/audit-events'),
  });
  const [form, setForm] = useState({ email: '', role: 'manager', sites: '' });
  const [added, setAdded] = useState<{ email: string; password?: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Staff · Club Profile console';
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const add = useMutation({
    mutationFn: async () => {
      const sites = form.sites
        .split(',')
        .map((site) => site.trim())
        .filter(Boolean);
      const response = await consoleApi.post('admin/staff', { json: { email: form.email, role: form.role, sites } });
      const body = await response.json<{ staff: StaffMember; password?: string } & Partial<ApiErrorBody>>();
      if (!response.ok) throw new Error(Object.values(body.error?.issues ?? {})[0] ?? body.error?.message ?? 'Refused');
      return body;
    },
    onSuccess: (body) => {
      setAdded({ email: body.staff.email, ...(body.password ? { password: body.password } : {}) });
      setProblem(null);
      setForm({ email: '', role: 'manager', sites: '' });
      void refresh();
    },
    onError: (error) => setProblem(error.message),
  });
  const toggle = useMutation({
    mutationFn: async (member: StaffMember) => {
      const response = await consoleApi.patch(`admin/staff/${member.id}`, { json: { disabled: !member.disabled } });
      if (!response.ok) throw new Error((await response.json<ApiErrorBody>()).error.message);
    },
    onSuccess: () => {
      setProblem(null);
      void refresh();
    },
    onError: (error) => setProblem(error.message),
  });

  if (me.role !== 'owner') return <Navigate to="/" replace />;
  const emailOf = new Map((staff.data?.results ?? []).map((member) => [member.id, member.email]));

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
          <TextField
            name="newSites"
            label="Sites (for a manager, comma-separated)"
            value={form.sites}
            onValueChange={(sites) => setForm({ ...form, sites })}
          />
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
    </>
  );
}

/** One staff member: role and sites can be changed in place; the server refuses what would leave no owner. */
function StaffRow({
  member,
  onSaved,
  onProblem,
  onToggle,
}: {
  member: StaffMember;
  onSaved: () => Promise<void>;
  onProblem: (message: string | null) => void;
  onToggle: () => void;
}) {
  const [role, setRole] = useState<string>(member.role);
  const [sites, setSites] = useState(member.sites.join(', '));
  const save = useMutation({
    mutationFn: async () => {
      const response = await consoleApi.patch(`admin/staff/${member.id}`, {
        json: {
          role,
          sites: sites
            .split(',')
            .map((site) => site.trim())
            .filter(Boolean),
        },
      });
      if (!response.ok) {
        const error = (await response.json<ApiErrorBody>()).error;
        throw new Error(Object.values(error.issues ?? {})[0] ?? error.message);
      }
    },
    onSuccess: () => {
      onProblem(null);
      void onSaved();
    },
    onError: (error) => onProblem(error.message),
  });
  return (
    <tr>
      <td>{member.email}</td>
      <td>
        <label className={styles.visuallyHidden} htmlFor={`role-${member.id}`}>
          Role of {member.email}
        </label>
        <select
          id={`role-${member.id}`}
          className={styles.inlineControl}
          value={role}
          onChange={(event) => setRole(event.target.value)}
        >
          <option value="manager">manager</option>
          <option value="owner">owner</option>
        </select>
      </td>
      <td>
        <label className={styles.visuallyHidden} htmlFor={`sites-${member.id}`}>
          Sites of {member.email}
        </label>
        <input
          id={`sites-${member.id}`}
          className={styles.inlineControl}
          value={role === 'owner' ? 'All' : sites}
          disabled={role === 'owner'}
          onChange={(event) => setSites(event.target.value)}
        />
      </td>
      <td>
        <button type="button" className={buttons.secondary} onClick={onToggle}>
          {member.disabled ? `Enable ${member.email}` : `Disable ${member.email}`}
        </button>
      </td>
      <td>
        <button type="button" className={buttons.secondary} disabled={save.isPending} onClick={() => save.mutate()}>
          Save {member.email}
        </button>
      </td>
    </tr>
  );
}
