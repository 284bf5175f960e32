import { expect, test } from '@playwright/test';
import { apiHeaders, completedCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';

test('a detractor’s case: the site’s manager finds it, reaches the member, works it and resolves it', async ({
  page,
  request,
}) => {
  const [site, other] = [ownSite(), ownSite()];
  const siteName = `Mill Lane ${site}`;
  await addSite(request, site, siteName);
  await addSite(request, other, `Harbor Road ${other}`);
  const manager = await addStaffMember(request, 'manager', [site]);
  const otherManager = await addStaffMember(request, 'manager', [other]);

  // A member completes a profile at the site and rates 3 with a comment (their own browser: the API here).
  const { customer } = await completedCode(request, { siteId: site });
  const survey = await request.post('/api/surveys', {
    headers: apiHeaders,
    data: {
      customerId: customer.id,
      recommendToOthersScore: 3,
      washQualityScore: 4,
      cleanlinessScore: 5,
      serviceScore: 6,
      valueScore: 2,
      comments: 'A scratch on the door after the wash.',
    },
  });
  expect(survey.status()).toBe(201);

  await signIn(page, manager, '/admin/follow-ups');
  await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Follow-ups 1 open', exact: true }),
  ).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: `${customer.firstName} ${customer.lastName}` });
  await expect(row).toContainText(siteName);
  await expect(row).toContainText('3 of 10');
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Nobody');
  await expect(row).not.toContainText('Overdue');
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: `${customer.firstName} ${customer.lastName}` }).click();
  await expect(
    page.getByRole('heading', { name: `${customer.firstName} ${customer.lastName}`, level: 1 }),
  ).toBeVisible();
  const caseUrl = page.url();
  await expect(page.getByText('A scratch on the door after the wash.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:\+1\d{10}$/);
  await expect(page.getByRole('link', { name: /^Text / })).toHaveAttribute('href', /^sms:\+1\d{10}$/);
  await expect(page.getByRole('link', { name: /^Email / })).toHaveAttribute('href', `mailto:${customer.email}`);
  const callBox = await page.getByRole('link', { name: /^Call / }).boundingBox();
  expect(callBox?.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousViolations(page);

  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(1);
  await expect(timeline.nth(0)).toContainText('Opened');

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('Assignment saved.');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(1)).toContainText('Assigned');

  await page.getByLabel('How you reached them (optional)').fill('Called; they will come by on Friday.');
  await page.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(page.getByRole('status')).toHaveText('Marked contacted.');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(2)).toContainText('Called; they will come by on Friday.');

  // A note with nothing in it is refused at its field, with focus there.
  await page.getByRole('button', { name: 'Add a note' }).click();
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toBeFocused();
  await note.fill('Checked the camera: the brush arm was loose.');
  await page.getByRole('button', { name: 'Add a note' }).click();
  await expect(page.getByRole('status')).toHaveText('Note added.');
  await expect(timeline.nth(3)).toContainText('Checked the camera: the brush arm was loose.');

  await page.getByRole('combobox', { name: 'Root cause' }).selectOption({ label: 'Damage' });
  await page.getByRole('textbox', { name: 'What was done' }).fill('Paid for the door to be polished.');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('status')).toHaveText('Case resolved.');
  await expect(timeline).toHaveCount(5);
  await expect(timeline.nth(4)).toContainText('Paid for the door to be polished.');
  await expect(page.getByRole('region', { name: 'The case' })).toContainText('Damage');
  await expect(page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // Another site's manager: the same address is a case that does not exist for them.
  await page.context().clearCookies();
  await signIn(page, otherManager, new URL(caseUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('A scratch on the door after the wash.')).toHaveCount(0);
});
