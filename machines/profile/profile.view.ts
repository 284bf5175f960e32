import type { SnapshotFrom } from 'xstate';
import type { CustomerForm } from '../../src/domain/customer';
import type { Registration } from '../../src/domain/registration';
import type { FieldErrors } from '../../src/domain/validation';
import { formErrors, type profileMachine } from './profile.machine';

/** Everything the home page renders, derived from one snapshot. */
export interface ProfileView {
  isLoading: boolean;
  showPhoneDialog: boolean;
  canConfirmPhone: boolean;
  showInvalidCodeDialog: boolean;
  showForm: boolean;
  isSubmitting: boolean;
  /** "Couldn't reach us" with Try again: the lookup or the submit failed for network or server reasons. */
  connectionProblem: 'lookup' | 'submit' | null;
  /** Empty until the form is dirty (docs/spec.md §2). */
  errors: FieldErrors;
  form: CustomerForm;
  allConsent: boolean;
  registration: Registration | null;
}

export function toProfileView(snapshot: SnapshotFrom<typeof profileMachine>): ProfileView {
  const { context } = snapshot;
  return {
    isLoading: snapshot.matches('loadingRegistration'),
    showPhoneDialog: snapshot.matches('askingForPhone'),
    canConfirmPhone: context.phone.isValid,
    showInvalidCodeDialog: snapshot.matches('invalidCode'),
    showForm: snapshot.matches('form'),
    isSubmitting: snapshot.matches({ form: 'submitting' }),
    connectionProblem: snapshot.matches('lookupFailed')
      ? 'lookup'
      : snapshot.matches({ form: 'submitFailed' })
        ? 'submit'
        : null,
    errors: context.dirty ? formErrors(context) : {},
    form: context.form,
    allConsent: context.allConsent,
    registration: context.registration,
  };
}
