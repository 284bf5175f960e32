import { staffName } from '../../../domain/staff';
import { useQueryClient } from '@tanstack/react-query';
import { SelectField } from '../../../components/fields/select-field';
import { TextField } from '../../../components/fields/text-field';
import { ADMIN_KEY } from '../../client';
import { ErrorSummary } from '../../components/server-form/error-summary';
import { SubmitRow } from '../../components/server-form/submit-row';
import { useServerForm } from '../../components/server-form/use-server-form';
import { ShownOnce } from '../../components/shown-once';
import styles from '../../console.module.css';
import { SiteCheckboxes } from '../../sites/components/site-checkboxes';
import { addStaff } from '../api';

const ROLES = [
  { value: 'manager', label: 'Manager (their sites only)' },
  { value: 'owner', label: 'Owner (everything)' },
];

/** An owner adds a staff member; their one-time password is shown here, once. */
export function AddStaffForm() {
  const queryClient = useQueryClient();
  const form = useServerForm({
    inputPrefix: 'new',
    fields: {
      name: { label: 'Name' },
      email: { label: 'Email' },
      role: { label: 'Role' },
      sites: { label: 'Their sites', input: 'newSite-0' },
    },
    initial: () => ({ name: '', email: '', role: 'manager', sites: [] as string[] }),
    // An owner has every site: the server drops any ticked before "owner" was chosen.
    submit: addStaff,
    // A new staff member shows in the audit log too: everything the console holds is asked again.
    onSaved: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
  const added = form.saved;

  return (
    <section className={styles.card} aria-labelledby="add-heading">
      <h2 id="add-heading">Add a staff member</h2>
      {added?.password && (
        <ShownOnce value={added.password} copyLabel="Copy password">
          Added {staffName(added.staff)}. Their one-time password, shown this once: give it to them; they choose their
          own when they first sign in.
        </ShownOnce>
      )}
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary {...form.summary} />
        <TextField {...form.field('name')} autoComplete="off" placeholder="Ana Ruiz" />
        <TextField {...form.field('email')} type="email" autoComplete="off" />
        <SelectField {...form.field('role')} options={ROLES} placeholder={null} />
        {form.values.role === 'manager' && (
          <SiteCheckboxes
            name="newSite"
            legend="Their sites (a manager sees and issues codes for these only)"
            checked={form.values.sites}
            error={form.errors.sites}
            onChange={form.set('sites')}
          />
        )}
        <SubmitRow
          label="Add"
          busyLabel="Adding…"
          busy={form.busy}
          refusal={form.refusal}
          saved={added && !added.password && `Added ${staffName(added.staff)}.`}
        />
      </form>
    </section>
  );
}
