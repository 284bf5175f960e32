import { expect, test, type Page } from '@playwright/test';
import { fictionalMobile, issueCode, memberProfile, submitCustomer } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';
import { textFrom } from './support/twilio';

// A member's text reaches the inbox, and the case reads first on a phone (decision 045).

/** Nothing wider than the screen: the page scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const screen of [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desk', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch, isMobile: screen.isMobile });

    test("a member's text opens a case in the inbox, which leads with their words and the ways to reach them", async ({
      page,
      request,
    }) => {
      const site = ownSite();
      await addSite(request, site, `Harbor ${site}`);
      const mobileNumber = fictionalMobile();
      const issued = await issueCode(request, { mobileNumber, siteId: site });
      await submitCustomer(request, {
        ...memberProfile,
        registrationId: issued.registration.id,
        isAgreedToTerms: true,
      });
      await textFrom(request, mobileNumber, 'The dryer scratched my door, can someone call me?');
      // The till reports a wash (decision 052): the member's page shows it on the site's clock.
      const visit = await request.post('/api/visits', {
        headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` },
        data: { siteId: site, externalId: `e2e-${screen.name}-${site}`, mobileNumber, package: 'Lava Shield' },
      });
      expect(visit.status()).toBe(201);

      await signIn(page, await addStaffMember(request, 'manager', [site]), '/admin/follow-ups');
      await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
      await expect(page.getByText(/^1 case, yours first/)).toBeVisible();
      // On a phone the filters fold behind one button, none set; it opens them.
      if (screen.isMobile) await page.getByRole('button', { name: 'Filters', exact: true }).tap();
      await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page);

      const open = page.getByRole('link', { name: 'Rosa Alvarez' });
      if (screen.hasTouch) await open.tap();
      else await open.click();
      await expect(page.getByRole('heading', { name: 'Rosa Alvarez', level: 1 })).toBeVisible();
      const words = page.getByRole('region', { name: "In Rosa's words" });
      await expect(words.locator('blockquote')).toHaveText('The dryer scratched my door, can someone call me?');
      await expect(words.locator('figcaption')).toContainText('Rosa, by text');
      const national = `(${mobileNumber.slice(2, 5)}) ${mobileNumber.slice(5, 8)}-${mobileNumber.slice(8)}`;
      const call = page.getByRole('link', { name: `Call ${national}` });
      await expect(call).toHaveAttribute('href', `tel:${mobileNumber}`);
      await expect(page.getByRole('link', { name: `Text ${national}` })).toHaveAttribute('href', `sms:${mobileNumber}`);
      // The words and the Call button are on the first screen, each target at least 44 px tall.
      const callBox = (await call.boundingBox())!;
      expect(callBox.y + callBox.height).toBeLessThanOrEqual(screen.viewport.height);
      expect(callBox.height).toBeGreaterThanOrEqual(44);
      const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
      await expect(timeline.first()).toContainText('Text received');
      await expect(timeline.first().getByRole('link', { name: /received texts/ })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page);

      const profile = page.getByRole('link', { name: "The member's profile" });
      if (screen.hasTouch) await profile.tap();
      else await profile.click();
      const visits = page.getByRole('region', { name: 'Visits' });
      await expect(visits.getByRole('listitem').first()).toHaveText(
        new RegExp(`^\\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M [A-Z][\\w+:-]*.*, Harbor ${site} · Lava Shield$`),
      );
      await expect(visits.getByText('No visit yet')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousViolations(page);
    });
  });
}
