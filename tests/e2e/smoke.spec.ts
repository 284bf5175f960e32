import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';

async function issueCode(request: APIRequestContext, mobileNumber = '+12015550143') {
  const response = await request.post('/api/admin/registration-tokens', {
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` },
    data: { mobileNumber, planName: 'Unlimited Wash Club', amount: 29.99, rechargeDate: '2026-12-21' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { token: string; url: string };
}

test('a link made by the point-of-sale endpoint opens the app, its registration already in the page, under its Content-Security-Policy', async ({
  page,
  request,
}) => {
  const { url } = await issueCode(request, '+12015550143');
  const lookups: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/registration-tokens/') && lookups.push(r.url())));
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  await expect(page).toHaveTitle(/Club Membership Profile/);
  await expect(page.getByText('(201) 555-0143')).toBeVisible();
  expect(violations).toEqual([]);
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Brightwater Car Wash`);
  for (const name of ['Privacy', 'Terms', 'Support']) {
    const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  // The form as it first shows: its one accessibility check (the other tests of this screen do not repeat it).
  await expectNoSeriousViolations(page);
  expect(lookups).toEqual([]);
});

// An unknown code refused with its message: the invalid-code dialog's test in customer-layout.spec.ts.
