import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';

const sale = {
  mobileNumber: '+12015550143',
  planName: 'Unlimited Wash Club',
  amount: 29.99,
  rechargeDate: '2026-12-21',
};

test('an owner makes a key for a till, shown once, that issues codes for its site only until it is revoked', async ({
  page,
  request,
}) => {
  const site = ownSite();
  const siteName = `Depot ${site}`;
  await addSite(request, site, siteName);
  await signIn(page, await addStaffMember(request, 'owner'), '/admin/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  // A nameless key is refused at its field, which takes the focus.
  await page.getByRole('button', { name: 'Make key' }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(page.getByText('Name the key after the till or system that will use it', { exact: true })).toBeVisible();

  const name = `Till ${site}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('group', { name: 'Sites (optional)' }).getByRole('checkbox', { name: siteName }).check();
  await page.getByRole('button', { name: 'Make key' }).click();
  const shown = page.getByRole('status').filter({ hasText: 'shown this once' });
  await expect(shown).toBeVisible();
  const key = (await shown.locator('code').textContent())!.trim();
  expect(key).toMatch(/^cpk_/);
  await expect(shown.locator('code')).toBeFocused();
  await expectNoSeriousViolations(page);

  const issue = (siteId: string) =>
    request.post('/api/admin/registration-tokens', {
      headers: { authorization: `Bearer ${key}` },
      data: { ...sale, siteId },
    });
  expect((await issue(site)).status()).toBe(201);
  expect((await issue(`${site}-other`)).status()).toBe(403);

  // The list never shows the key again, only its start, and now its last use.
  await page.reload();
  const listed = page.getByRole('row').filter({ hasText: name });
  await expect(listed).toContainText(key.slice(0, 10));
  await expect(listed).not.toContainText(key);
  await expect(listed).not.toContainText('Never used');
  await expect(listed).toContainText(siteName);

  page.once('dialog', (dialog) => void dialog.accept());
  await listed.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(listed).toContainText('Revoked');
  expect((await issue(site)).status()).toBe(401);
});
