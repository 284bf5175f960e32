import type { CustomerRequest } from '../domain/customer';
import type { Language } from '../domain/language';
import { currentLanguage } from '../i18n/i18n';
import { api } from './client';

/**
 * The language each submission was first sent in. The record keeps the language the consent wording was shown in,
 * which is the page's, view state the flow does not hold (decision 018); a retry of a submission (same key) sends
 * the same body even if the customer has switched language since, or the server would take it for another request.
 */
const languageOfSubmission = new Map<string, Language>();

/**
 * Any status is an answer: what a refusal means is the profile flow's to decide (machines/profile). The
 * idempotency key belongs to one submission: a retry of it passes the same key.
 */
export function postCustomer(customer: CustomerRequest, idempotencyKey: string) {
  const language = languageOfSubmission.get(idempotencyKey) ?? currentLanguage();
  languageOfSubmission.set(idempotencyKey, language);
  return api.post('customers', {
    json: { ...customer, language },
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}
