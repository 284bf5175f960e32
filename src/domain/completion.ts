import { MANUAL_REGISTRATION_ID } from './registration-defaults';
import type { Registration } from './registration';

/** docs/spec.md §3 "Membership/plan (thank-you page)": the plan to renew. A sign-up without a code (id '-1') has none. */
interface Membership {
  planName: string;
  rechargeDate: string;
}

/**
 * What the thank-you and survey pages need once the profile is done, and all the session keeps of it: the code,
 * the number and a returning member's previous profile would outlive their use on a shared or borrowed phone.
 */
export interface Completion {
  membership: Membership | null;
  customerId: string | null;
}

export function completionOf(registration: Registration | null, customerId: string | null): Completion {
  const membership =
    registration && registration.id !== MANUAL_REGISTRATION_ID
      ? { planName: registration.planName, rechargeDate: registration.rechargeDate }
      : null;
  return { membership, customerId };
}
