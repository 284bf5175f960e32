import type { CustomerRequest } from '../domain/customer';
import { api } from './client';

/**
 * Any status is an answer: what a refusal means is the profile flow's to decide (machines/profile). The
 * idempotency key belongs to one submission: a retry of it passes the same key.
 */
export function postCustomer(customer: CustomerRequest, idempotencyKey: string) {
  return api.post('customers', {
    json: customer,
    headers: { 'Idempotency-Key': idempotencyKey },
    throwHttpErrors: false,
  });
}
