import { expect, test, type Page } from '@playwright/test';
import { completedCode, operatorHeaders, storedSurveys } from './support/api';
import { expectNoSeriousViolations } from './support/axe';

// The walks of the survey chart (survey-paths.spec.ts) take a failed submit (nothing said, answers kept, nothing
// stored), a session's customer kept over a later link's cid (the answers stored for that customer only), and the
// page without a customer id; the scenarios here are what the chart does not say.

const question = (page: Page, text: RegExp) => page.getByRole('group', { name: text });
const choose = (page: Page, text: RegExp, score: number) =>
  question(page, text)
    .getByRole('radio', { name: String(score), exact: true })
    .check();

test('a survey opened from the thank-you page is stored, thanked in a dialog nothing closes, and reset', async ({
  page,
  request,
}) => {
  const { issued, customer } = await completedCode(request);
  await page.goto(issued.url);
  await page.getByRole('link', { name: 'Give Us Your Feedback' }).click();
  await expect(page).toHaveURL(new RegExp(`/survey\\?cid=${customer.id}$`));

  await expect(page.getByText('1: Not Likely or Not Satisfied')).toBeVisible();
  await expect(page.getByText('10: Extremely Likely or Extremely Satisfied')).toBeVisible();
  await expect(page.getByRole('group')).toHaveCount(5);
  await expectNoSeriousViolations(page);

  await choose(page, /recommend us to a friend/, 10);
  await choose(page, /quality of your wash/, 9);
  await choose(page, /cleanliness of our site/, 8);
  await choose(page, /courteous and attentive/, 7);
  await choose(page, /value for money/, 6);
  const comments = page.getByLabel('Is there anything else we should know?');
  await expect(comments).toHaveAttribute('placeholder', 'Add any additional comments');
  await expect(comments).toHaveAttribute('rows', '3');
  await comments.fill('The dryers were great.');
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(dialog).toContainText('We appreciate your feedback and look forward to seeing you soon.');
  const logoLink = dialog.getByRole('link');
  await expect(logoLink).toHaveAttribute('href', 'https://brightwater-carwash.example');
  await expect(logoLink).toHaveAttribute('target', '_blank');
  await expect(dialog.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(comments).toHaveValue('');
  await expect(question(page, /value for money/).getByRole('radio', { checked: true })).toHaveCount(0);

  expect(await storedSurveys(request, customer.id)).toEqual([
    expect.objectContaining({
      recommendToOthersScore: 10,
      washQualityScore: 9,
      cleanlinessScore: 8,
      serviceScore: 7,
      valueScore: 6,
      comments: 'The dryers were great.',
    }),
  ]);
});

test('a respondent of a site with a review page, however unhappy, is invited to review it, and opening it counts', async ({
  page,
  request,
}) => {
  const siteId = `review-${test.info().parallelIndex}-${Date.now()}`;
  const reviewUrl = `https://reviews.example/${siteId}`;
  const { customer } = await completedCode(request, { siteId });
  const named = await request.patch(`/api/admin/sites/${siteId}`, {
    headers: operatorHeaders(),
    data: { name: 'Naperville', reviewUrl },
  });
  expect(named.status()).toBe(200);
  // The review site is not ours to reach from a test: its page is answered here.
  await page
    .context()
    .route('https://reviews.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Reviews</title>' }),
    );

  await page.goto(`/survey?cid=${customer.id}`);
  await choose(page, /recommend us to a friend/, 3);
  await page.getByLabel('Is there anything else we should know?').fill('Brushes scratched my mirror.');
  await page.getByRole('button', { name: 'Submit' }).click();

  const dialog = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(dialog).toContainText('Would you tell others about your visit?');
  const review = dialog.getByRole('link', { name: 'Leave a review' });
  await expect(review).toHaveAttribute('href', reviewUrl);
  await expect(review).toHaveAttribute('target', '_blank');
  await expectNoSeriousViolations(page);

  const counted = page.waitForResponse((response) => response.url().endsWith('/review-opened'));
  const [tab] = await Promise.all([page.context().waitForEvent('page'), review.click()]);
  expect((await counted).status()).toBe(204);
  await expect(tab).toHaveURL(reviewUrl);
  await expect(dialog).toBeVisible();

  const dashboard = await request.get(`/api/admin/dashboard?site=${siteId}`, { headers: operatorHeaders() });
  expect(((await dashboard.json()) as { sites: unknown[] }).sites).toEqual([
    expect.objectContaining({ siteId, detractors: 1, reviewInvitations: 1, reviewsOpened: 1 }),
  ]);
});

test('can be answered by keyboard alone: Tab between questions, arrows within, Enter to submit', async ({
  page,
  request,
}) => {
  const { customer } = await completedCode(request);
  await page.goto(`/survey?cid=${customer.id}`);
  await question(page, /recommend us to a friend/)
    .getByRole('radio', { name: '1', exact: true })
    .focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
  await expect(question(page, /recommend us/).getByRole('radio', { name: '5', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(question(page, /quality of your wash/).getByRole('radio', { name: '1', exact: true })).toBeChecked();
  await page.getByLabel('Is there anything else we should know?').focus();
  await page.keyboard.type('By keyboard.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
  expect(await storedSurveys(request, customer.id)).toEqual([
    expect.objectContaining({ recommendToOthersScore: 5, washQualityScore: 1, comments: 'By keyboard.' }),
  ]);
});

test('wraps its ten choices on a 320 px screen with targets of at least 44 px', async ({ page, request }) => {
  const { customer } = await completedCode(request);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/survey?cid=${customer.id}`);
  const first = question(page, /recommend us/)
    .locator('label')
    .first();
  const box = await first.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(320);
});
