import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { addStaffMember, signIn } from './support/console';

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
  await page.screenshot({ path: '/tmp/i-shots/nav-390.png' });

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
