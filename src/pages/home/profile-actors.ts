import { fromPromise } from 'xstate';
import type { LookupOutcome, SubmitOutcome, SubmitRequest } from '../../../machines/profile/profile.types';
import { submitCustomer } from '../../api/customers';
import { fetchRegistration } from '../../api/registration-tokens';
import { errorBodyOf, isRefusal } from '../../api/refusal';
import { CONSENT_VERSION } from '../../domain/consent';
import { isFormField } from './form-fields';

/** The lookup: a refused code is an expected outcome; a network or server failure rejects. */
export const fetchRegistrationActor = fromPromise<LookupOutcome, { token: string }>(async ({ input, signal }) => {
  try {
    return { kind: 'found', registration: await fetchRegistration(input.token, signal) };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'refused' };
    throw error;
  }
});

/** The submit: 400 brings the server's field messages, other 4xx mean the code cannot be used. */
export const submitCustomerActor = fromPromise<SubmitOutcome, SubmitRequest>(async ({ input }) => {
  try {
    const customer = await submitCustomer(
      { ...input.form, mobileNumber: input.mobileNumber, consentVersion: CONSENT_VERSION },
      input.idempotencyKey,
    );
    return { kind: 'created', customer };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const body = await errorBodyOf(error);
    const fieldIssues = Object.fromEntries(
      Object.entries(body?.error.issues ?? {}).filter(([name]) => isFormField(name)),
    );
    // Messages for fields on screen go under them; anything else means this registration cannot be used.
    if (error.response.status === 400 && Object.keys(fieldIssues).length > 0) {
      return { kind: 'invalid', errors: fieldIssues };
    }
    return { kind: 'refused' };
  }
});
