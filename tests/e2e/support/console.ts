import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StaffRole } from '../../../src/domain/staff';
import { operatorHeaders } from './api';

export const STAFF_PASSWORD = 'correct horse battery staple';

/** A staff member added as `npm run staff` adds one while the server runs; emails are unique per test. */
export async function addStaffMember(
  request: APIRequestContext,
  role: StaffRole,
  sites: string[] = [],
): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@wash.example`;
  const response = await request.post('/api/admin/staff', {
    headers: operatorHeaders(),
    data: { email, role, sites, password: STAFF_PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

export async function signIn(page: Page, email: string, path = '/admin') {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A site id of this test's own, so figures shared with other tests running at once do not mix in. */
export const ownSite = () => `e2e-${Math.random().toString(36).slice(2, 8)}`;
