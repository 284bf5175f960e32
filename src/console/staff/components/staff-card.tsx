import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { siteName } from '../../../domain/sites';
import { staffName, type StaffMember } from '../../../domain/staff';
import buttons from '../../../components/buttons/buttons.module.css';
import { SelectField } from '../../../components/fields/select-field';
import { TextField } from '../../../components/fields/text-field';
import type { Refusal } from '../../client';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import styles from '../../console.module.css';
import { sitesQuery } from '../../sites/api';
import { SiteCheckboxes } from '../../sites/components/site-checkboxes';
import { ShownOnce } from '../../components/shown-once';
import { changeStaff, resetStaffPassword } from '../api';
import local from '../staff.module.css';

const ROLES = [
  { value: 'manager', label: 'Manager' },
  { value: 'owner', label: 'Owner' },
];

/**
 * One staff member as a card (a table of five columns does not fit a phone): their name, role and sites changed in
 * place, and their access. Buttons are short ("Save", "Disable") and name the person to a screen reader. The server
 * refuses what would leave no owner, beside the buttons; a manager without a site is the sites' message.
 */
export function StaffCard({ member, onChanged }: { member: StaffMember; onChanged: () => Promise<unknown> }) {
  const who = staffName(member);
  const [choosingSites, setChoosingSites] = useState(false);
  const known = useQuery(sitesQuery).data?.results;
  const form = useServerForm({
    // Ids unique per card: several cards' fields share the page.
    inputPrefix: `staff-${member.id}-`,
    fields: {
      name: { label: 'Name' },
      role: { label: 'Role' },
      sites: { label: 'Sites', input: `staff-${member.id}-site-0` },
    },
    initial: (): { name: string; role: string; sites: string[] } => ({
      name: member.name,
      role: member.role,
      sites: member.sites,
    }),
    keepAfterSave: true,
    // An owner has every site: the server drops a former manager's.
    submit: (values) => changeStaff(member.id, values),
    onSaved: onChanged,
  });
  const toggle = useMutation({
    mutationFn: () => changeStaff(member.id, { disabled: !member.disabled }),
    onSuccess: onChanged,
  });
  const reset = useMutation({ mutationFn: () => resetStaffPassword(member.id) });
  const actionRefusal = [toggle.error, reset.error].find(Boolean) as Refusal | undefined;

  return (
    <li className={local.card}>
      <form noValidate aria-labelledby={`staff-${member.id}`} onSubmit={form.onSubmit}>
        <h3 id={`staff-${member.id}`} className={local.who}>
          {who}
          {member.disabled && <span className={local.badge}>disabled</span>}
        </h3>
        {member.name && <p className={local.email}>{member.email}</p>}
        <div className={local.fields}>
          <TextField {...form.field('name')} autoComplete="off" placeholder={member.email} />
          <SelectField {...form.field('role')} options={ROLES} placeholder={null} />
        </div>
        {form.values.role === 'owner' ? (
          <p>Sites: all</p>
        ) : (
          <>
            <p className={styles.cellText}>
              Sites: {form.values.sites.map((id) => siteName(known, id)).join(', ') || 'none'}
            </p>
            <button
              type="button"
              className={buttons.secondary}
              aria-expanded={choosingSites}
              onClick={() => setChoosingSites(!choosingSites)}
            >
              Choose sites<span className={styles.visuallyHidden}> of {who}</span>
            </button>
            {/* A message about the sites shows them, to correct. */}
            {(choosingSites || form.errors.sites) && (
              <SiteCheckboxes
                name={`staff-${member.id}-site`}
                legend={`Sites of ${who}`}
                hideLegend
                checked={form.values.sites}
                error={form.errors.sites}
                onChange={form.set('sites')}
              />
            )}
          </>
        )}
        <SubmitRow
          label={
            <>
              Save<span className={styles.visuallyHidden}> {who}</span>
            </>
          }
          busyLabel="Saving…"
          busy={form.busy}
          refusal={form.refusal ?? actionRefusal?.message ?? null}
          saved={form.isSaved && 'Saved.'}
        >
          <button
            type="button"
            className={buttons.secondary}
            aria-label={`${member.disabled ? 'Enable' : 'Disable'} ${who}`}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate()}
          >
            {member.disabled ? 'Enable' : 'Disable'}
          </button>
          <button
            type="button"
            className={buttons.secondary}
            aria-label={`Reset the password of ${who}`}
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
          >
            Reset password
          </button>
        </SubmitRow>
        {reset.data && (
          <ShownOnce value={reset.data.password} copyLabel="Copy password">
            A one-time password for {who}, shown this once: they choose their own when they next sign in.
          </ShownOnce>
        )}
      </form>
    </li>
  );
}
