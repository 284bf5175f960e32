import { useQueryClient } from '@tanstack/react-query';
import { useOutletContext } from 'react-router-dom';
import { changePasswordSchema, type StaffMember } from '../../domain/staff';
import { validate } from '../../domain/validation';
import { TextField } from '../../components/fields/text-field';
import { ErrorSummary } from '../components/server-form/error-summary';
import { SubmitRow } from '../components/server-form/submit-row';
import { useServerForm } from '../components/server-form/use-server-form';
import styles from '../console.module.css';
import { meKey } from '../session';
import { changePassword } from './api';
import { SettingsForm } from './settings-form';

/**
 * `/admin/account`: the signed-in staff member changes their password (their other sessions end), and sets the
 * language of their emails and their time zone.
 */
export function AccountPage() {
  const me = useOutletContext<StaffMember>();
  const queryClient = useQueryClient();
  const form = useServerForm({
    fields: {
      currentPassword: { label: 'Current password' },
      newPassword: { label: 'New password (at least 12 characters)' },
    },
    initial: { currentPassword: '', newPassword: '' },
    check: (values) => {
      const checked = validate(changePasswordSchema, values);
      return checked.ok ? null : checked.errors;
    },
    submit: changePassword,
    // The one-time password's hold is lifted: who is signed in is read again, and the other pages open.
    onSaved: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });

  return (
    <section className={styles.card} aria-labelledby="account-heading">
      <h1 id="account-heading">Your account</h1>
      <p>
        {me.name && `${me.name} · `}
        {me.email} · {me.role}
      </p>
      {me.passwordChangeRequired && (
        <p className={styles.alert}>
          You signed in with a one-time password. Choose your own to go on: type the one-time password as the current
          one.
        </p>
      )}
      <h2>Change your password</h2>
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary {...form.summary} />
        <TextField {...form.field('currentPassword')} type="password" autoComplete="current-password" />
        <TextField {...form.field('newPassword')} type="password" autoComplete="new-password" />
        <SubmitRow
          label="Change password"
          busyLabel="Changing…"
          busy={form.busy}
          refusal={form.refusal}
          saved={form.isSaved ? 'Your password is changed. Your other sessions have ended.' : ''}
        />
      </form>
      <SettingsForm />
    </section>
  );
}
