import type { Customer, CustomerForm, CustomerRequest, CustomerRules } from '../../src/domain/customer';
import type { FieldErrors } from '../../src/domain/validation';
import type { Registration } from '../../src/domain/registration';
import type { LookupOutcome } from '../../src/domain/registration-lookup';

/** What the phone input reports, the part the flow needs. */
interface PhoneEntry {
  isValid: boolean;
  /** E.164 when valid, otherwise ''. */
  e164: string;
}

export interface ProfileContext {
  token: string | null;
  registration: Registration | null;
  form: CustomerForm;
  /** The combined "emails and text messages" box (docs/spec.md §4): its own value, kept honest by the two it drives. */
  allConsent: boolean;
  /** docs/spec.md §2: one shared touched flag; no field shows invalid before it is set. */
  dirty: boolean;
  /** Messages the server gave for fields the client thought valid. */
  serverErrors: FieldErrors;
  phone: PhoneEntry;
  /** One per submission: a retry of it sends the same key, a changed form gets a new one. */
  idempotencyKey: string | null;
  /** The lookup's answer, the page's own (decision 016) or the request's, until the chart has acted on it. */
  lookup: LookupOutcome | null;
  /** The operator's rules (the runtime configuration's): the form checks what the server will. */
  rules: CustomerRules;
}

/** Saved in session storage after every change, so a reload loses nothing; it belongs to the code it was typed for. */
export interface SavedProgress {
  token: string | null;
  registration: Registration;
  form: CustomerForm;
  allConsent: boolean;
  dirty: boolean;
}

/** The operator's rules come in with the input (plates are optional without them). */
export interface ProfileInput extends Partial<CustomerRules> {
  token: string | null;
  saved?: SavedProgress | null;
  /** The lookup's answer when the page came with it (decision 016): the chart skips its own lookup. */
  firstLookup?: LookupOutcome | null;
}

export type EditableField = Exclude<keyof CustomerForm, 'id' | 'registrationId'>;

export type ProfileEvent =
  | { type: 'phone.changed'; phone: PhoneEntry }
  | { type: 'user.confirmPhone' }
  | { type: 'field.changed'; field: EditableField; value: CustomerForm[EditableField] }
  | { type: 'consent.allChanged'; checked: boolean }
  | { type: 'user.submit' }
  | { type: 'user.retry' };

export interface LookupRequest {
  token: string;
}

/** The submit's expected outcomes come back as data, as the lookup's do; only failures to reach us are errors. */
export type SubmitOutcome =
  { kind: 'created'; customer: Customer } | { kind: 'refused' } | { kind: 'invalid'; errors: FieldErrors };

/** Built once as the submit starts and sent as it is; a retry builds it again from the unchanged form, same key. */
export interface SubmitRequest {
  submission: CustomerRequest;
  idempotencyKey: string;
}
