import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import { changePasswordSchema, type StaffMember } from '../../domain/staff';
import { validate, type FieldErrors } from '../../domain/validation';
import buttons from '../../components/buttons/buttons.module.css';
import { TextField } from '../../components/fields/text-field';
import styles from '../console.module.css';
import { changePassword } from './api';

/** `/admin/account`: the signed-in staff member changes their password; their other sessions end. */
export function AccountPage() {
  const me = useOutletContext<StaffMember>();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);

  const change = useMutation({
    mutationFn: async () => {
      const refused = await changePassword(form);
      if (!refused) return;
      setErrors(refused);
      throw new Error('refused');
    },
    onSuccess: () => {
      setDone(true);
      setForm({ currentPassword: '', newPassword: '' });
    },
  });

  return (
    <section className={styles.card} aria-labelledby="account-heading">
      <h1 id="account-heading">Your account</h1>
      <p>
        {me.email} · {me.role}
      </p>
      <h2>Change your password</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setDone(false);
          const checked = validate(changePasswordSchema, form);
          setErrors(checked.ok ? {} : checked.errors);
          if (checked.ok) change.mutate();
        }}
      >
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          error={errors.currentPassword}
          onValueChange={(currentPassword) => setForm({ ...form, currentPassword })}
        />
        <TextField
          name="newPassword"
          label="New password (at least 12 characters)"
          type="password"
          autoComplete="new-password"
          value={form.newPassword}
          error={errors.newPassword}
          onValueChange={(newPassword) => setForm({ ...form, newPassword })}
        />
        <button type="submit" className={buttons.primary} disabled={change.isPending} aria-busy={change.isPending}>
          Change password
        </button>
      </form>
      <p role="status">{done ? 'Your password is changed. Your other sessions have ended.' : ''}</p>
    </section>
  );
}
