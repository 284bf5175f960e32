import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { apiHeaders, fictionalMobile, issueCode, memberProfile, submitCustomer } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';

// The counter on a phone (decision 045): type a number and tap at once, issue and text, see the code listed, then
// opened, then completed once the customer finishes, without reloading the page.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Nothing wider than the phone's screen: the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a manager issues and texts a code at the counter, and follows it to completed', async ({ page, request }) => {
  const site = ownSite();
  await addSite(request, site, `Counter Road ${site}`);
  await signIn(page, await addStaffMember(request, 'manager', [site]), '/admin/issue');
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
  await expect(page.getByText('No codes yet today: the codes you issue appear here.')).toBeVisible();

  const mobile = fictionalMobile();
  const national = `(${mobile.slice(2, 5)}) ${mobile.slice(5, 8)}-${mobile.slice(8)}`;
  await page.getByLabel('Plan name').fill('Ceramic Shine');
  await page.getByLabel('Amount ($)').fill('39.99');
  await page.getByLabel('Text the link to this number').check();
  // The number typed, and the tap at once, within the phone input's pause.
  await page.getByLabel('Mobile number').pressSequentially(mobile.slice(2));
  await page.getByRole('button', { name: 'Issue code' }).tap();
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeFocused();
  await expect(page.getByTestId('issued-for')).toHaveText(`${national}Ceramic Shine`);
  const link = (await page.getByTestId('issued-link').textContent())!.trim();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  const row = page.getByTestId('issued-code').filter({ hasText: mobile.slice(-4) });
  await expect(row).toContainText('Ceramic Shine');
  await expect(row.getByTestId('code-stage')).toHaveText(/^Text/);

  // The customer opens the link: the row says so at its next refresh.
  const token = link.split('=')[1]!;
  const lookup = await request.get(`/api/registration-tokens/${token}`, { headers: apiHeaders });
  expect(lookup.status()).toBe(200);
  const opened = (await lookup.json()) as { id: string };
  await expect(row.getByTestId('code-stage')).toHaveText(/^Opened .+, not completed yet$/, { timeout: 15_000 });

  // The QR code of the row scans back to the same link.
  await row.getByRole('button', { name: /^Show QR code/ }).tap();
  const qr = row.getByRole('img', { name: /^QR code of the link/ });
  const png = PNG.sync.read(await qr.screenshot());
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(link);
  await expectNoSeriousViolations(page);

  // ...and completes the profile.
  await submitCustomer(request, { ...memberProfile, registrationId: opened.id, isAgreedToTerms: true });
  await expect(row.getByTestId('code-stage')).toHaveText(/^Completed /, { timeout: 15_000 });
  await expect(row.getByRole('button', { name: /^Show QR code/ })).toHaveCount(0);
});

test.describe('at a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test("an owner sees each site's codes of the day, with the site named, and another day's on asking", async ({
    page,
    request,
  }) => {
    const site = ownSite();
    await addSite(request, site, `Desk Road ${site}`);
    const issued = await issueCode(request, { siteId: site, mobileNumber: fictionalMobile(), send: 'sms' });
    await signIn(page, await addStaffMember(request, 'owner'), '/admin/issue');
    const row = page
      .getByTestId('issued-code')
      .filter({ hasText: issued.registration.mobileNumber.slice(-4) })
      .filter({ hasText: `Desk Road ${site}` });
    await expect(row).toContainText('by ADMIN_API_KEY');
    await expect(row.getByTestId('code-stage')).toHaveText(/^Text/);
    await expectNoSeriousViolations(page);

    await page.getByLabel('Day', { exact: true }).fill('2020-01-01');
    await expect(page.getByRole('heading', { name: 'Codes issued on 2020-01-01' })).toBeVisible();
    await expect(page.getByText('No codes were issued on this day.')).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(row).toBeVisible();
  });
});
