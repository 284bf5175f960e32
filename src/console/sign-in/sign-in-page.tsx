import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { signInActor } from '../../../machines/sign-in/sign-in.actors';
import { signInMachine } from '../../../machines/sign-in/sign-in.machine';
import { toSignInView } from '../../../machines/sign-in/sign-in.view';
import { TextField } from '../../components/fields/text-field';
import { fieldId } from '../../components/fields/field-ids';
import { ErrorSummary } from '../components/server-form/error-summary';
import { focusFirstBadField } from '../components/server-form/issues-to-fields';
import { SubmitRow } from '../components/server-form/submit-row';
import styles from '../console.module.css';
import { meKey } from '../session';
import { signInRequests } from './api';
import { safeNext } from './safe-next';

const FIELDS = ['email', 'password'] as const;
const LABELS = { email: 'Email', password: 'Password' };

/** `/admin/sign-in`: email and password; where the staff member was going comes back as `?next=`. */
export function SignInPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      signInMachine.provide({
        actors: {
          signIn: signInActor(signInRequests),
        },
      }),
    [],
  );
  const [snapshot, send, actor] = useMachine(machine);
  const view = toSignInView(snapshot);

  useEffect(() => {
    document.title = 'Sign in · Club Profile console';
  }, []);
  useEffect(() => {
    if (view.focusPassword) document.getElementById(fieldId('password'))?.focus();
  }, [view.focusPassword, snapshot.context.failure]);
  useEffect(() => {
    if (!view.isSignedIn) return;
    queryClient.setQueryData(meKey, snapshot.context.staff);
    void navigate(safeNext(params.get('next')), { replace: true });
  }, [view.isSignedIn, navigate, params, queryClient, snapshot.context.staff]);

  return (
    <main className={styles.narrow}>
      <h1>Sign in</h1>
      <p className={styles.muted}>Club Profile console, for the people who run the wash.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'user.submit' });
          focusFirstBadField(FIELDS, toSignInView(actor.getSnapshot()).errors);
        }}
      >
        <ErrorSummary fields={FIELDS} errors={view.errors} labels={LABELS} />
        <TextField
          name="email"
          label={LABELS.email}
          type="email"
          autoComplete="username"
          value={view.email}
          error={view.errors.email}
          onValueChange={(value) => send({ type: 'field.changed', field: 'email', value })}
        />
        <TextField
          name="password"
          label={LABELS.password}
          type="password"
          autoComplete="current-password"
          value={view.password}
          error={view.errors.password}
          onValueChange={(value) => send({ type: 'field.changed', field: 'password', value })}
        />
        <SubmitRow label="Sign in" busyLabel="Signing in…" busy={view.isSigningIn} refusal={view.alert} />
      </form>
    </main>
  );
}
