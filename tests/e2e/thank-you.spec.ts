import { expect, test, type Page } from '@playwright/test';
import { completedCode, issueCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';

const renewal = (page: Page) => page.getByText(/will renew on the/);

async function expectMembershipLinks(page: Page) {
  await expect(page.getByRole('heading', { name: 'Make the most of your membership!' })).toBeVisible();
  for (const name of ['Find other locations', 'Manage your membership', 'Read the FAQs']) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
}

test('after a submit in the browser: the plan, its renewal day and the survey invitation; a reload keeps them', async ({
  page,
  request,
}) => {
  const issued = await issueCode(request, { planName: 'Unlimited Wash Club', rechargeDate: '2026-12-21' });
  await page.goto(issued.url);
  await page.getByLabel(/^First Name/).fill('Dana');
  await page.getByLabel(/^Last Name/).fill('Whitfield');
  await page.getByLabel(/^Address\*?$/).fill('12 Harbor Lane');
  await page.getByLabel(/^City/).fill('Springfield');
  await page.getByLabel(/^State/).selectOption('IL');
  await page.getByLabel(/^Zip Code/).fill('62704');
  await page.getByLabel(/^Email\*?$/).fill('dana@example.com');
  await page.getByLabel(/^Vehicle Year/).selectOption('2019');
  await page.getByLabel(/^Vehicle Make/).selectOption('Toyota');
  await page.getByLabel(/^Vehicle Model/).selectOption('RAV4');
  await page.getByLabel(/^Vehicle Color/).selectOption('Blue');
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/thank-you$/);
  // The form was scrolled down to its Submit button: the new page starts at its top, its heading focused.
  const heading = page.getByRole('heading', { name: 'Thank you for completing your membership club profile!' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const expectPage = async () => {
    await expect(
      page.getByRole('heading', { name: 'Thank you for completing your membership club profile!' }),
    ).toBeVisible();
    await expect(page.getByText('Your profile is now complete.')).toBeVisible();
    await expect(renewal(page)).toHaveText('Your Unlimited Wash Club plan will renew on the 21st of each month.');
    await expect(page.getByRole('heading', { name: 'Tell us what you think!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Give Us Your Feedback' })).toHaveAttribute(
      'href',
      /^\/survey\?cid=[0-9a-f-]{36}$/,
    );
    await expectMembershipLinks(page);
  };
  await expectPage();
  await expectNoSeriousViolations(page);
  await page.reload();
  await expectPage();
});

test('a plan whose name ends in "Plan" is not called "Plan plan"', async ({ page, request }) => {
  const { issued } = await completedCode(request, { planName: 'Basic Plan', rechargeDate: '2027-01-03' });
  await page.goto(issued.url);
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(renewal(page)).toHaveText('Your Basic Plan will renew on the 3rd of each month.');
});

test('a fresh browser opening a completed code gets the same page, from the looked-up registration', async ({
  browser,
  request,
}) => {
  const { issued, customer } = await completedCode(request, { planName: 'Ceramic Shine', rechargeDate: '2026-12-22' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(issued.url);
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(renewal(page)).toHaveText('Your Ceramic Shine plan will renew on the 22nd of each month.');
  await expect(page.getByRole('link', { name: 'Give Us Your Feedback' })).toHaveAttribute(
    'href',
    `/survey?cid=${customer.id}`,
  );
  await context.close();
});

test('a sign-up without a code (membership -1) gets no plan sentence and no survey invitation', async ({ page }) => {
  await page.addInitScript(() =>
    sessionStorage.setItem('club-profile:completion', JSON.stringify({ membership: null, customerId: 'c-1' })),
  );
  await page.goto('/thank-you');
  await expect(page.getByText('Your profile is now complete.')).toBeVisible();
  await expect(renewal(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Give Us Your Feedback' })).toHaveCount(0);
  await expectMembershipLinks(page);
});

test('with no registration at all, the page says only that the profile is complete', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.getByText('Your profile is now complete.')).toBeVisible();
  await expect(renewal(page)).toHaveCount(0);
  await expectMembershipLinks(page);
});
