import { expect, test, type Page } from '@playwright/test';
import { fictionalMobile, issueCode, memberProfile, submitCustomer } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';

// The navigation is one row on a phone, says when there is more, and marks the page you are on (decision 045).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("an owner's navigation is one row on a phone that scrolls, with a hint, by touch or keyboard", async ({
  page,
  request,
}) => {
  await signIn(page, await addStaffMember(request, 'owner'), '/admin/issue');
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Console' });
  const links = nav.getByRole('link');
  // One row: every link on the same line, the bar no taller than one tap target and its border.
  const heights = await links.evaluateAll((all) => all.map((link) => link.getBoundingClientRect().top));
  expect(new Set(heights).size).toBe(1);
  expect((await nav.boundingBox())!.height).toBeLessThan(56);
  await expect(nav.getByRole('link', { name: 'Issue a code' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Issue a code' })).toBeInViewport({ ratio: 1 });

  // More lies to one side: the hint says so, and scrolling the row (a swipe) brings the last page into view.
  await expect(nav.getByTestId('nav-more-after').or(nav.getByTestId('nav-more-before')).first()).toBeVisible();
  const last = links.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expect(nav.getByTestId('nav-more-before')).toBeVisible();

  // From the keyboard: Tab reaches every link in turn, each scrolled into view as it takes focus.
  await links.first().focus();
  for (let index = 1; index < (await links.count()); index += 1) {
    await page.keyboard.press('Tab');
    await expect(links.nth(index)).toBeFocused();
    await expect(links.nth(index)).toBeInViewport();
  }
  await last.press('Enter');
  await expect(last).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page);
});

/** Nothing wider than the screen: the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('on a phone the top bar is one row, filters fold behind "Filters (N)", and every list is cards that fit', async ({
  page,
  request,
}) => {
  // Eight pages, each loaded and checked by axe.
  test.slow();
  const site = ownSite();
  await addSite(request, site, `Harbor ${site}`);
  const issued = await issueCode(request, { mobileNumber: fictionalMobile(), siteId: site });
  await submitCustomer(request, { ...memberProfile, registrationId: issued.registration.id, isAgreedToTerms: true });
  await signIn(page, await addStaffMember(request, 'owner'), `/admin/members?site=${site}&consent=none`);

  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  const topbar = page.getByRole('banner');
  expect((await topbar.boundingBox())!.height).toBeLessThan(64);
  // The member is a card, on the first screen while the filters are folded: their name first, each fact under its label.
  const card = page.getByRole('row').filter({ hasText: `${memberProfile.firstName} ${memberProfile.lastName}` });
  await expect(card.getByRole('link')).toBeInViewport();
  await expect(card.getByRole('cell').nth(1)).toHaveAttribute('data-label', 'Email');
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
  // The filters are folded: the button counts the two set, and opens them.
  const filters = page.getByRole('button', { name: 'Filters (2)' });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Consent' })).toBeHidden();
  await filters.tap();
  await expect(page.getByRole('combobox', { name: 'Consent' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  for (const [link, heading] of [
    ['Feedback', 'Feedback'],
    ['Follow-ups', 'Follow-ups'],
    ['Issue a code', 'Issue a code'],
    ['Sites', 'Sites'],
    ['Staff', 'Staff'],
    ['API keys', 'API keys'],
    ['Integrations', 'Integrations'],
  ]) {
    await nav.getByRole('link', { name: new RegExp(`^${link}`) }).tap();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page);
  }
});
