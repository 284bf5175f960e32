import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '../../../domain/staff';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { siteList } from '../../format';
import { changeStaff } from '../api';

/** One staff member: role and sites can be changed in place; the server refuses what would leave no owner. */
export function StaffRow({
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
    mutationFn: () => changeStaff(member.id, { role, sites: siteList(sites) }),
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
