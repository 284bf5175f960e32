import type { SnapshotFrom } from 'xstate';
import { profileMachine } from '../../machines/profile/profile.machine';
import type { ProfileEvent, ProfileInput, SavedProgress } from '../../machines/profile/profile.types';
import { emptyCustomerForm, type Customer } from '../../src/domain/customer';
import { emptyRegistration } from '../../src/domain/local-registration';
import type { Registration } from '../../src/domain/registration';
import type { PathModel } from './graph-paths';

type Snapshot = SnapshotFrom<typeof profileMachine>;

/** The machine's own events plus the outcomes of its invoked actors, which the tests feed as events. */
export type ProfilePathEvent =
  | ProfileEvent
  | { type: 'xstate.done.actor.fetchRegistration'; output: unknown }
  | { type: 'xstate.error.actor.fetchRegistration'; error: unknown }
  | { type: 'xstate.done.actor.submitCustomer'; output: unknown }
  | { type: 'xstate.error.actor.submitCustomer'; error: unknown };

export const savedProfile = {
  firstName: 'Rosa',
  lastName: 'Alvarez',
  address: '48 Orchard Street',
  address2: '',
  city: 'Madison',
  region: 'WI',
  postalCode: '53703',
  email: 'rosa.alvarez@example.com',
  vehicleYear: 2018,
  vehicleMake: 'Honda',
  vehicleModel: 'CR-V',
  vehicleColor: 'Silver',
  licensePlate: 'RSA4821',
  licensePlateState: 'WI',
  isSubscribedToNewsletters: false,
  isSubscribedToSmsMessaging: false,
};

/** A returning member's open registration: the form is complete but for the terms box. */
export const openRegistration: Registration = {
  ...emptyRegistration(),
  id: 'reg-open',
  amount: 29.99,
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  rechargeDate: '2026-12-15',
  saleDate: '2026-11-22T10:00:00.000Z',
  token: 'code-open',
  isReturningCustomer: true,
  profile: savedProfile,
};

export const completedRegistration: Registration = {
  ...openRegistration,
  id: 'reg-done',
  isCompleted: true,
  mobileNumber: '•••• 0143',
  customerId: 'cust-done',
  profile: undefined,
};

export const createdCustomer: Customer = {
  ...savedProfile,
  id: 'cust-new',
  registrationId: 'reg-open',
  isAgreedToTerms: true,
};

const restored: SavedProgress = {
  token: 'code-open',
  registration: openRegistration,
  form: { ...emptyCustomerForm('reg-open'), ...savedProfile, registrationId: 'reg-open', isAgreedToTerms: true },
  allConsent: false,
  dirty: false,
};

/**
 * The ways into the page: a code (looked up by the page), a code the page came with the answer to (decision 016:
 * open, used, refused), no code, a reload with saved progress.
 */
export const profileInputs: Record<string, ProfileInput> = {
  withCode: { token: 'code-open' },
  withAnsweredCode: { token: 'code-open', firstLookup: { kind: 'found', registration: openRegistration } },
  withAnsweredUsedCode: { token: 'code-done', firstLookup: { kind: 'found', registration: completedRegistration } },
  withAnsweredRefusedCode: { token: 'code-gone', firstLookup: { kind: 'refused' } },
  withoutCode: { token: null },
  reloaded: { token: 'code-open', saved: restored },
};

const profileEvents: ProfilePathEvent[] = [
  { type: 'phone.changed', phone: { isValid: true, e164: '+14155550123' } },
  { type: 'phone.changed', phone: { isValid: false, e164: '' } },
  { type: 'user.confirmPhone' },
  { type: 'field.changed', field: 'isAgreedToTerms', value: true },
  { type: 'field.changed', field: 'isSubscribedToNewsletters', value: true },
  { type: 'consent.allChanged', checked: true },
  { type: 'consent.allChanged', checked: false },
  { type: 'user.submit' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.fetchRegistration', output: { kind: 'found', registration: openRegistration } },
  { type: 'xstate.done.actor.fetchRegistration', output: { kind: 'found', registration: completedRegistration } },
  { type: 'xstate.done.actor.fetchRegistration', output: { kind: 'refused' } },
  { type: 'xstate.error.actor.fetchRegistration', error: new Error('network') },
  { type: 'xstate.done.actor.submitCustomer', output: { kind: 'created', customer: createdCustomer } },
  { type: 'xstate.done.actor.submitCustomer', output: { kind: 'refused' } },
  {
    type: 'xstate.done.actor.submitCustomer',
    output: { kind: 'invalid', errors: { email: 'This email address cannot receive mail' } },
  },
  { type: 'xstate.error.actor.submitCustomer', error: new Error('network') },
];

/** What makes two snapshots different for the tests: the state and the facts the screen shows. */
function serializeProfile(snapshot: Snapshot): string {
  const { context } = snapshot;
  return JSON.stringify({
    state: snapshot.value,
    dirty: context.dirty,
    terms: context.form.isAgreedToTerms,
    allConsent: context.allConsent,
    phoneValid: context.phone.isValid,
    serverErrors: Object.keys(context.serverErrors).length,
  });
}

export const profileModel: PathModel<typeof profileMachine, ProfilePathEvent> = {
  machine: profileMachine,
  inputs: profileInputs,
  events: profileEvents,
  serialize: serializeProfile,
  possible: (snapshot, event) => {
    const { context } = snapshot;
    if (event.type === 'consent.allChanged') return context.allConsent !== event.checked;
    if (event.type === 'field.changed' && typeof event.value === 'boolean') {
      return context.form[event.field] !== event.value;
    }
    return true;
  },
};

/** A readable name for a step, with the outcome it stands for. */
export function describeEvent(event: ProfilePathEvent): string {
  switch (event.type) {
    case 'phone.changed':
      return `phone.changed(${event.phone.isValid ? 'valid' : 'invalid'})`;
    case 'consent.allChanged':
      return `consent.allChanged(${event.checked})`;
    case 'field.changed':
      return `field.changed(${event.field})`;
    case 'xstate.done.actor.fetchRegistration':
    case 'xstate.done.actor.submitCustomer': {
      const output = event.output as { kind: string; registration?: { isCompleted: boolean } };
      const kind = output.registration?.isCompleted ? 'completed' : output.kind;
      return `${event.type.replace('xstate.done.actor.', '')}(${kind})`;
    }
    case 'xstate.error.actor.fetchRegistration':
    case 'xstate.error.actor.submitCustomer':
      return `${event.type.replace('xstate.error.actor.', '')}(network error)`;
    default:
      return event.type;
  }
}
