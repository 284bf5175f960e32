import { t } from '@lingui/core/macro';
import { useMachine } from '@xstate/react';
import { Suspense, useContext, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fetchRegistrationActor, submitCustomerActor } from '../../../machines/profile/profile.actors';
import { profileMachine, progressOf } from '../../../machines/profile/profile.machine';
import type { SavedProgress } from '../../../machines/profile/profile.types';
import { toProfileView } from '../../../machines/profile/profile.view';
import { preloadApi } from '../../api/client';
import { postCustomer } from '../../api/customers';
import { getRegistration } from '../../api/registration-tokens';
import { fieldId } from '../../components/fields/field-ids';
import { lazyWithTexts } from '../../i18n/lazy-with-texts';
import { customerRulesOf } from '../../domain/customer';
import { inspectorOptions } from '../../lib/inspector';
import { useNationalNumber } from '../../lib/phone-display';
import { runtimeConfig } from '../../lib/read-runtime-config';
import { clearProgress, loadProgress, saveCompletion, saveProgress } from '../../lib/session-store';
import { ConnectionProblem } from '../../components/connection-problem/connection-problem';
import { FirstLookupContext } from './first-lookup-context';
import { typedBeforeStart } from './typed-before-start';
import styles from './home-page.module.css';
import { ProfileForm } from './profile-form';
import { Welcome } from './welcome';

/** The home route (docs/spec.md §2): renders the profile statechart and sends it what the customer does. */
export function HomePage() {
  const [params] = useSearchParams();
  const token = params.get('id');
  // A new code in the address is a new visit: start the flow again.
  return <ProfileFlow key={token ?? ''} token={token} />;
}

// Only a sign-up without a code asks for the number, and only a refused code ends here: each dialog loads with its
// texts when it shows, not in the first screen's script (decision 035).
const PhoneDialog = lazyWithTexts(
  () => import('./dialogs/phone-dialog'),
  (m) => ({ component: m.PhoneDialog, texts: m.dialogTexts }),
);
const InvalidCodeDialog = lazyWithTexts(
  () => import('./dialogs/invalid-code-dialog'),
  (m) => ({ component: m.InvalidCodeDialog, texts: m.dialogTexts }),
);

const profileActors = {
  fetchRegistration: fetchRegistrationActor(({ token }, signal) => getRegistration(token, signal)),
  submitCustomer: submitCustomerActor(({ submission, idempotencyKey }) => postCustomer(submission, idempotencyKey)),
};

function ProfileFlow({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      profileMachine.provide({
        actors: profileActors,
        actions: {
          goToThankYou: () => void navigate('/thank-you'),
          saveProgress: ({ context }) => saveProgress(progressOf(context)),
          clearProgress: () => clearProgress(),
          rememberCompletion: (_, completion) => saveCompletion(completion),
          focusFirstInvalidField: (_, field) => {
            // After React has rendered the messages, so the field is announced with its error.
            if (field) setTimeout(() => document.getElementById(fieldId(field))?.focus());
          },
        },
      }),
    [navigate],
  );
  const firstLookup = useContext(FirstLookupContext);
  const [snapshot, send] = useMachine(machine, {
    input: {
      token,
      saved: loadProgress<SavedProgress>(token),
      firstLookup: firstLookup.answerFor(token),
      ...customerRulesOf(runtimeConfig),
    },
    ...inspectorOptions(),
  });
  useEffect(() => {
    firstLookup.used();
    // Whatever was typed into the server's form before the app took it over (decision 016) goes into the flow.
    for (const change of typedBeforeStart(snapshot.context.form)) send({ type: 'field.changed', ...change });
    // Once, as the page starts: later edits reach the flow through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const view = toProfileView(snapshot);
  const registration = view.registration;

  return (
    <>
      <title>{t`Club Membership Profile`}</title>
      {view.isLoading && <p role="status">{t`Loading...`}</p>}
      {view.connectionProblem === 'lookup' && (
        <ConnectionProblem during="lookup" onRetry={() => send({ type: 'user.retry' })} />
      )}
      {view.showForm && registration && (
        <>
          <Welcome isReturningCustomer={registration.isReturningCustomer} />
          <p className={styles.mobile}>
            {t`Mobile number:`} <MobileNumber e164={registration.mobileNumber} />
          </p>
          {view.connectionProblem === 'submit' && (
            <ConnectionProblem during="submit" onRetry={() => send({ type: 'user.retry' })} />
          )}
          <ProfileForm
            view={view}
            onFieldChange={(field, value) => {
              // The customer has started: the submit's request client loads meanwhile, not in the first script.
              preloadApi();
              send({ type: 'field.changed', field, value });
            }}
            onAllConsentChange={(checked) => {
              preloadApi();
              send({ type: 'consent.allChanged', checked });
            }}
            onSubmit={() => send({ type: 'user.submit' })}
          />
        </>
      )}
      {view.showPhoneDialog && (
        <Suspense fallback={null}>
          <PhoneDialog
            canConfirm={view.canConfirmPhone}
            onPhoneChange={(phone) => send({ type: 'phone.changed', phone })}
            onConfirm={() => send({ type: 'user.confirmPhone' })}
          />
        </Suspense>
      )}
      {view.showInvalidCodeDialog && (
        <Suspense fallback={null}>
          <InvalidCodeDialog />
        </Suspense>
      )}
    </>
  );
}

function MobileNumber({ e164 }: { e164: string }) {
  return <strong>{useNationalNumber(e164)}</strong>;
}
