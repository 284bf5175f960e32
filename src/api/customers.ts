import type { CustomerRequest } from '../domain/customer';
import { currentLanguage } from '../i18n/i18n';
import { api } from './client';

type Evidence = Required<Pick<CustomerRequest, 'language' | 'timeZone' | 'page'>>;

/**
 * What each submission first sent as consent evidence: the language (the page's, view state the flow does not hold:
 * decision 018), the device's time zone and the page's path (never its query string, which holds the code). A retry
 * of a submission (same key) sends the same body even if the customer has switched language since, or the server
 * would take it for another request.
 */
const evidenceOfSubmission = new Map<string, Evidence>();

const evidenceNow = (): Evidence => ({
  language: currentLanguage(),
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  page: window.location.pathname,
});

/**
 * Any status is an answer: what a refusal means is the profile flow's to decide (machines/profile). The
 * idempotency key belongs to one submission: a retry of it passes the same key.
 */
export async function postCustomer(customer: CustomerRequest, idempotencyKey: string) {
  const evidence = evidenceOfSubmission.get(idempotencyKey) ?? evidenceNow();
  evidenceOfSubmission.set(idempotencyKey, evidence);
  const client = await api();
  return client.post('customers', {
    json: { ...customer, ...evidence },
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}
