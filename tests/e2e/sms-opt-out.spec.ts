import { expect, test, type Page } from '@playwright/test';
import { completedCode, issueCode, memberProfile, submitCustomer } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn, openFilters } from './support/console';
import { optedOutMobile, textFrom } from './support/twilio';

/** What the server answers "Text the link" for a number that texted STOP (server/features/registrations). */
const OPTED_OUT_REFUSAL =
  'This number has opted out of texts (it replied STOP): give the customer the link another way.';

/** Nothing wider than the phone's screen: the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a member opts out by text, the member page shows it, and texting them a link is refused in words', async ({
  page,
  request,
}) => {
  const site = ownSite();
  await addSite(request, site, `Opt-out Road ${site}`);
  const mobileNumber = optedOutMobile('212');
  // A member who agreed to texts on their profile...
  const issued = await issueCode(request, { mobileNumber, siteId: site });
  const customer = await submitCustomer(request, {
    ...memberProfile,
    registrationId: issued.registration.id,
    isAgreedToTerms: true,
    isSubscribedToSmsMessaging: true,
  });
  // ...texts "Stop." to our number: Twilio posts it, signed, to the webhook.
  await textFrom(request, mobileNumber, 'Stop.');

  await signIn(page, await addStaffMember(request, 'owner'), `/admin/members/${customer.id}`);
  await expect(page.getByRole('heading', { name: 'Rosa Alvarez' })).toBeVisible();
  const consent = page.getByRole('region', { name: 'Consent' });
  await expect(consent).toContainText(new RegExp(`Opted out by text on .+ \\(STOP, from \\${mobileNumber}\\)`));
  const history = consent.getByRole('list', { name: 'History of consent to texts' }).getByRole('listitem');
  await expect(history).toHaveText([
    /^Agreed to texts on their profile, /,
    /^Opted out by text \(STOP\), .+ \(message SM[0-9a-f]{32}, to \+15005550006\)$/,
  ]);
  const texts = page.getByRole('list', { name: 'Texts received, newest first' }).getByRole('listitem');
  await expect(texts).toHaveCount(1);
  await expect(texts.first()).toContainText(`from ${mobileNumber} · Opt-out keyword STOP`);
  await expect(texts.first()).toContainText('Stop.');
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);

  // At the counter, the cashier asks for the link to be texted to that number: it cannot be, and the page says why.
  await page.goto('/admin/issue');
  await page.getByLabel('Mobile number').fill(mobileNumber.slice(2));
  await page.getByLabel('Plan name').fill('Unlimited Wash Club');
  await page.getByLabel('Amount ($)').fill('29.99');
  await page.getByRole('combobox', { name: 'Site' }).selectOption(site);
  await page.getByRole('checkbox', { name: 'Text the link to this number' }).check();
  // The phone input has read the number (its result is debounced).
  await expect(page.getByLabel('Mobile number')).not.toHaveAttribute('data-result-due');
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByRole('alert')).toContainText(OPTED_OUT_REFUSAL);
  await expectNoSidewaysScroll(page);

  // Another way: the box is unticked for the cashier, and a tap on "Issue code" issues it again, as a QR code and a
  // link.
  await expect(page.getByRole('alert')).toContainText(
    '“Text the link to this number” is now unticked: issue the code again to show its link and QR code.',
  );
  await expect(page.getByRole('checkbox', { name: 'Text the link to this number' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
  await expect(page.getByTestId('issued-qr')).toBeVisible();
});

test('a member who never agreed opts out in Spanish, and the members list finds them as opted out of texts', async ({
  page,
  request,
}) => {
  const mobileNumber = optedOutMobile('213');
  const { customer } = await completedCode(request, { mobileNumber });
  await textFrom(request, mobileNumber, 'PARAR');

  await signIn(page, await addStaffMember(request, 'owner'), '/admin/members');
  await openFilters(page);
  await page.getByLabel('Consent').selectOption({ label: 'Opted out of texts' });
  await page.getByLabel('Search').fill(mobileNumber.slice(-4));
  await expect(page).toHaveURL(/consent=sms_opted_out/);
  const member = page.locator(`a[href="/admin/members/${customer.id}"]`);
  await expect(member).toHaveText('Rosa Alvarez');

  await member.click();
  const consent = page.getByRole('region', { name: 'Consent' });
  await expect(consent).toContainText(new RegExp(`Opted out by text on .+ \\(PARAR, from \\${mobileNumber}\\)`));
  await expect(consent).toContainText(
    'Nothing to withdraw: they never agreed to texts, and their number opted out (above).',
  );
  await expect(page.getByRole('list', { name: 'Texts received, newest first' })).toContainText('PARAR');
  await expectNoSeriousViolations(page);
});
