import { useOutletContext } from 'react-router-dom';
import { changePasswordSchema, type StaffMember } from '../../domain/staff';
import { validate } from '../../domain/validation';
import { TextField } from '../../components/fields/text-field';
import { ErrorSummary } from '../components/server-form/error-summary';
import { SubmitRow } from '../components/server-form/submit-row';
import { useServerForm } from '../components/server-form/use-server-form';
import styles from '../console.module.css';
import { changePassword } from './api';
import { SettingsForm } from './settings-form';

/**
 * `/admin/account`: the signed-in staff member changes their password (their other sessions end), and sets the
 * language of their emails and their time zone.
 */
export function AccountPage() {
  const me = useOutletContext<StaffMember>();
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
  });

  return (
    <section className={styles.card} aria-labelledby="account-heading">
      <h1 id="account-heading">Your account</h1>
      <p>
        {me.email} · {me.role}
      </p>
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
