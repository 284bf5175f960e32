import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StaffRole } from '../../../src/domain/staff';
import { operatorHeaders } from './api';

export const STAFF_PASSWORD = 'correct horse battery staple';

/**
 * A staff member added as `npm run staff` adds one while the server runs; emails are unique per test. Without a
 * name, the console names them by their email.
 */
export async function addStaffMember(
  request: APIRequestContext,
  role: StaffRole,
  sites: string[] = [],
  name = '',
): Promise<string> {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@wash.example`;
  const response = await request.post('/api/admin/staff', {
    headers: operatorHeaders(),
    data: { email, name, role, sites, password: STAFF_PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

/**
 * Opens `path` signed in as `email`, for a test that is about what the staff member does there, not about signing
 * in: the session comes from the sign-in endpoint (the page's own request context, whose cookies are the page's),
 * as the sign-in page gets it. Signing in on the page is console-paths.spec.ts's sign-in walks and console.spec.ts's.
 */
export async function signIn(page: Page, email: string, path = '/admin') {
  const response = await page.request.post('/api/auth/sign-in/email', { data: { email, password: STAFF_PASSWORD } });
  expect(response.status()).toBe(200);
  await page.goto(path);
}

/** A site id of this test's own, so figures shared with other tests running at once do not mix in. */
export const ownSite = () => `e2e-${Math.random().toString(36).slice(2, 8)}`;

/** A site added and named as an owner adds one on the Sites page, before its point-of-sale sends its id. */
export async function addSite(request: APIRequestContext, id: string, name: string): Promise<void> {
  const response = await request.post('/api/admin/sites', { headers: operatorHeaders(), data: { id, name } });
  expect(response.status()).toBe(201);
}

/**
 * Opens a console list's filters where a phone folds them behind "Filters (N)" (decision 044); on a desk they are
 * open and the button is hidden, so this does nothing there.
 */
export async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await toggle.waitFor({ state: 'attached' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}
