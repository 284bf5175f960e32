import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Customer, CustomerInput } from '../../../src/domain/customer';
import type { IssuedRegistration, NewRegistration, Registration } from '../../../src/domain/registration';

export const apiHeaders = { 'x-api-key': process.env.E2E_API_KEY ?? '' };

/**
 * The operator's own command line on the server's machine: the key the server keeps in its DATA_DIR. Staff,
 * members' data and surveys are not a point-of-sale key's (ADMIN_API_KEY) to reach.
 */
export function operatorHeaders(): Record<string, string> {
  const key = readFileSync(join(process.env.E2E_DATA_DIR!, 'cli-key'), 'utf8').trim();
  return { authorization: `Bearer ${key}` };
}

/** Area codes whose 555-01xx numbers are fictional and valid: one per worker, so workers never share a number. */
const AREA_CODES = ['201', '202', '203', '205', '206', '207', '208', '209'];

/**
 * A fictional number (555-01xx), different per call so returning-member look-ups do not collide: each worker draws
 * from its own area code, and within a worker the tests run one at a time, so a returning member's saved profile is
 * never another test's.
 */
export function fictionalMobile(): string {
  const areaCode = AREA_CODES[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % AREA_CODES.length];
  return `+1${areaCode}555${String(100 + Math.floor(Math.random() * 100)).padStart(4, '0')}`;
}

/** What a point-of-sale does after a sale. */
export async function issueCode(
  request: APIRequestContext,
  overrides: Partial<NewRegistration> = {},
): Promise<IssuedRegistration> {
  const response = await request.post('/api/admin/registration-tokens', {
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` },
    data: {
      mobileNumber: fictionalMobile(),
      planName: 'Unlimited Wash Club',
      amount: 29.99,
      rechargeDate: '2026-12-21',
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as IssuedRegistration;
}

export const memberProfile = {
  firstName: 'Rosa',
  lastName: 'Alvarez',
  address: '48 Orchard Street',
  address2: '',
  city: 'Madison',
  region: 'WI' as const,
  postalCode: '53703',
  email: 'rosa.alvarez@example.com',
  vehicleYear: 2018,
  vehicleMake: 'Honda',
  vehicleModel: 'CR-V',
  vehicleColor: 'Silver' as const,
  licensePlate: 'RSA4821',
  licensePlateState: 'WI',
  isSubscribedToNewsletters: false,
  isSubscribedToSmsMessaging: false,
};

export async function submitCustomer(request: APIRequestContext, customer: CustomerInput): Promise<Customer> {
  const response = await request.post('/api/customers', { headers: apiHeaders, data: customer });
  expect(response.status()).toBe(201);
  return (await response.json()) as Customer;
}

/** A member who saved a profile before and has bought again: their new code pre-fills the form. */
export async function returningMemberCode(request: APIRequestContext): Promise<IssuedRegistration> {
  const mobileNumber = fictionalMobile();
  const first = await issueCode(request, { mobileNumber });
  await submitCustomer(request, { ...memberProfile, registrationId: first.registration.id, isAgreedToTerms: true });
  return issueCode(request, { mobileNumber, isReturningCustomer: true });
}

export async function lookUp(request: APIRequestContext, token: string): Promise<Registration> {
  const response = await request.get(`/api/registration-tokens/${token}`, { headers: apiHeaders });
  expect(response.status()).toBe(200);
  return (await response.json()) as Registration;
}

/** A completed registration, as a customer who already saved their profile has it. */
export async function completedCode(
  request: APIRequestContext,
  overrides: Partial<NewRegistration> = {},
): Promise<{ issued: IssuedRegistration; customer: Customer }> {
  const issued = await issueCode(request, overrides);
  const customer = await submitCustomer(request, {
    ...memberProfile,
    registrationId: issued.registration.id,
    isAgreedToTerms: true,
  });
  return { issued, customer };
}

export async function storedSurveys(request: APIRequestContext, customerId: string) {
  const response = await request.get(`/api/admin/customers/${customerId}/surveys`, { headers: operatorHeaders() });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Record<string, unknown>[] }).results;
}
