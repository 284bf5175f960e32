import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { siteName } from '../../../domain/sites';
import type { StaffMember } from '../../../domain/staff';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { sitesQuery } from '../../sites/api';
import { SiteCheckboxes } from '../../sites/components/site-checkboxes';
import { changeStaff } from '../api';

/**
 * One staff member: role and sites can be changed in place; the server refuses what would leave no owner. A
 * manager's sites are named, their checkboxes shown on asking: a row each of every site would bury the table.
 */
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
  const [sites, setSites] = useState<string[]>(member.sites);
  const [choosingSites, setChoosingSites] = useState(false);
  const known = useQuery(sitesQuery).data?.results;
  const save = useMutation({
    // An owner has every site: the server drops a former manager's.
    mutationFn: () => changeStaff(member.id, { role, sites }),
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
        {role === 'owner' ? (
          'All sites'
        ) : (
          <>
            <p className={styles.cellText}>{sites.map((id) => siteName(known, id)).join(', ') || 'None'}</p>
            <button
              type="button"
              className={buttons.secondary}
              aria-expanded={choosingSites}
              onClick={() => setChoosingSites(!choosingSites)}
            >
              Choose <span className={styles.visuallyHidden}>sites of {member.email}</span>
            </button>
            {choosingSites && (
              <SiteCheckboxes
                name={`sites-${member.id}`}
                legend={`Sites of ${member.email}`}
                hideLegend
                checked={sites}
                onChange={setSites}
              />
            )}
          </>
        )}
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
