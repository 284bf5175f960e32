import type { Registration } from './registration';
import { DEFAULT_SITE_ID, MANUAL_REGISTRATION_ID } from './registration-defaults';

// Apart from registration.ts's schemas: the profile flow makes these in the first screen's script, which has no use
// for the server's schemas (decision 035).

/** docs/spec.md §3 local defaults: empty string, 0, false, null; siteId '0'. */
export function emptyRegistration(): Registration {
  return {
    id: '',
    amount: 0,
    isCompleted: false,
    mobileNumber: '',
    planName: '',
    rechargeDate: '',
    saleDate: '',
    siteId: DEFAULT_SITE_ID,
    sourceSystem: '',
    token: '',
    customerId: null,
    isReturningCustomer: false,
  };
}

/** docs/spec.md §4 phone modal: the registration created locally when there is no code. */
export function manualRegistration(mobileNumber: string, now: Date = new Date()): Registration {
  return {
    ...emptyRegistration(),
    id: MANUAL_REGISTRATION_ID,
    mobileNumber,
    saleDate: now.toISOString(),
  };
}
