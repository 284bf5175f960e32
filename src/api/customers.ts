import type { Customer, CustomerForm } from '../domain/customer';
import { api } from './client';

/** The idempotency key belongs to one submission: a retry of it passes the same key. */
export function submitCustomer(
  customer: CustomerForm & { mobileNumber?: string | undefined; consentVersion?: string },
  idempotencyKey: string,
): Promise<Customer> {
  return api.post('customers', { json: customer, headers: { 'Idempotency-Key': idempotencyKey } }).json<Customer>();
}
