import { expect, test, type Locator, type Page } from '@playwright/test';
import { unnamedSiteName } from '../../src/domain/sites';
import { fictionalMobile, issueCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';
import { DETRACTOR_COMMENT, openFollowUpCase } from './support/follow-ups';
import { startMailCatcher } from '../support/mail-catcher';
import { fillCustomer } from './support/profile-form';

const recommend = (page: Page, score: number) =>
  page
    .getByRole('group', { name: /recommend us to a friend/ })
    .getByRole('radio', { name: String(score), exact: true })
    .check();

/** A fact of the case page's "The case" list: its status, its site, whom it is assigned to, its root cause. */
const caseFact = (page: Page, term: string): Locator =>
  page
    .getByRole('region', { name: 'The case' })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
    .getByRole('definition');

test('a detractor at a named site: the site’s manager is emailed the case, follows the link and resolves it as damage', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // The server's SMTP_URL: listening before the member's survey opens the case, so the first try reaches it.
  const catcher = await startMailCatcher(Number(process.env.E2E_SMTP_PORT));
  try {
    // The point-of-sale sells at a site it has never sent before; the manager runs it and one other.
    const [site, other] = [ownSite(), ownSite()];
    await issueCode(request, { siteId: site });
    await addSite(request, other, `Quay ${other}`);
    const siteName = `Mill Lane ${site}`;
    const reviewUrl = `https://reviews.example/${site}`;
    const owner = await addStaffMember(request, 'owner');
    const manager = await addStaffMember(request, 'manager', [site, other]);

    // An owner names the site and gives it its review page.
    await signIn(page, owner, '/admin/sites');
    const entry = page
      .getByRole('list', { name: 'Sites' })
      .getByRole('listitem')
      .filter({ has: page.getByText(site, { exact: true }) });
    await entry.getByRole('button', { name: `Change ${unnamedSiteName(site)}` }).click();
    const form = page.getByRole('form', { name: `Change ${unnamedSiteName(site)} (point-of-sale id ${site})` });
    await form.getByLabel('Name').fill(siteName);
    await form.getByLabel('Review page (optional)').fill(reviewUrl);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(entry.getByRole('link', { name: reviewUrl })).toHaveAttribute('href', reviewUrl);
    await expect(entry).toContainText(siteName);
    await expectNoSeriousViolations(page);

    // At the counter, the manager issues the member's code, choosing the site by its name.
    const managerContext = await browser.newContext();
    const counter = await managerContext.newPage();
    const mobileNumber = fictionalMobile();
    await signIn(counter, manager, '/admin/issue');
    await counter.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: siteName });
    await counter.getByLabel('Mobile number').fill(mobileNumber.slice(2));
    await counter.getByLabel('Plan name').fill('Unlimited Wash Club');
    await counter.getByLabel('Amount ($)').fill('29.99');
    // The phone input reads the number once typing pauses.
    await expect(counter.getByLabel('Mobile number')).not.toHaveAttribute('data-result-due');
    await counter.getByRole('button', { name: 'Issue code' }).click();
    await expect(counter.getByRole('heading', { name: 'Code issued' })).toBeVisible();
    await expect(counter.getByText(`For ${siteName}.`)).toBeVisible();
    const codeUrl = (await counter.getByTestId('issued-link').textContent())!.trim();
    await expectNoSeriousViolations(counter);

    // The member, on their own phone, completes the profile and rates 3 with a comment.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await member.goto(codeUrl);
    await fillCustomer(member);
    await member.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    await member.getByRole('button', { name: 'Submit' }).click();
    await member.getByRole('link', { name: 'Give Us Your Feedback' }).click();
    await recommend(member, 3);
    await member.getByLabel('Is there anything else we should know?').fill('Brushes scratched my mirror.');
    await member.getByRole('button', { name: 'Submit' }).click();
    const thanks = member.getByRole('dialog', { name: 'Thank you!' });
    await expect(thanks).toContainText('Would you tell others about your visit?');
    const review = thanks.getByRole('link', { name: 'Leave a review' });
    await expect(review).toHaveAttribute('href', reviewUrl);
    await expect(review).toHaveAttribute('target', '_blank');
    await expectNoSeriousViolations(member);
    await memberContext.close();

    // The site's manager is emailed: the site, the score, the comment and the case's link, nothing that reaches the
    // member. Other tests' alerts arrive here too: this one is the only mail about this site.
    const alertsOfSite = () => catcher.mails.filter((mail) => mail.subject.includes(siteName));
    await expect.poll(() => alertsOfSite().length, { timeout: 20_000 }).toBe(1);
    const [mail] = alertsOfSite();
    expect(mail!.to).toEqual([manager]);
    expect(mail!.subject).toBe(`Follow-up needed at ${siteName}: a member rated 3/10`);
    expect(mail!.text).toContain('Recommend to others: 3/10');
    expect(mail!.text).toContain('Comment:\n> Brushes scratched my mirror.');
    for (const personal of [
      mobileNumber,
      mobileNumber.slice(2),
      `${mobileNumber.slice(5, 8)}-${mobileNumber.slice(8)}`,
      'dana@example.com',
      'Harbor Lane',
      'Whitfield',
    ]) {
      expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toContain(personal);
    }
    const caseLink = /^Open the case: (\S+)$/m.exec(mail!.text)?.[1];
    expect(caseLink).toMatch(new RegExp(`^${baseURL}/admin/follow-ups/[0-9a-f-]{36}$`));

    // Its HTML part, as a phone shows it: one column, the case's link a button to tap, the comment quoted below it.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.setContent(mail!.html);
    const button = phone.getByRole('link', { name: 'Open the case' });
    await expect(button).toHaveAttribute('href', caseLink!);
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(phone.locator('blockquote')).toHaveText('Brushes scratched my mirror.');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.close();

    // The manager follows the link to the case and reaches the member from it.
    await counter.goto(caseLink!);
    await expect(counter.getByRole('heading', { name: 'Dana Whitfield', level: 1 })).toBeVisible();
    await expect(caseFact(counter, 'Site')).toHaveText(siteName);
    await expect(caseFact(counter, 'Status')).toHaveText('Open');
    await expect(counter.getByText('Brushes scratched my mirror.')).toBeVisible();
    await expect(counter.getByRole('link', { name: /^Call / })).toHaveAttribute('href', `tel:${mobileNumber}`);
    await expect(counter.getByRole('link', { name: /^Text / })).toHaveAttribute('href', `sms:${mobileNumber}`);
    await expect(counter.getByRole('link', { name: /^Email / })).toHaveAttribute('href', 'mailto:dana@example.com');
    const callBox = await counter.getByRole('link', { name: /^Call / }).boundingBox();
    expect(callBox?.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousViolations(counter);

    const timeline = counter.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    await expect(timeline).toHaveCount(1);
    await expect(timeline.nth(0)).toContainText('Opened');

    await counter.getByLabel('How you reached them (optional)').fill('Called; they will come by on Friday.');
    await counter.getByRole('button', { name: 'Mark contacted' }).click();
    await expect(counter.getByRole('status')).toHaveText('Marked contacted.');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(1)).toContainText('Called; they will come by on Friday.');
    await expect(caseFact(counter, 'Status')).toHaveText('Contacted');

    await counter.getByRole('textbox', { name: 'Note' }).fill('Checked the camera: the brush arm was loose.');
    await counter.getByRole('button', { name: 'Add a note' }).click();
    await expect(counter.getByRole('status')).toHaveText('Note added.');
    await expect(timeline.nth(2)).toContainText('Checked the camera: the brush arm was loose.');

    await counter.getByRole('combobox', { name: 'Root cause' }).selectOption({ label: 'Damage' });
    await counter.getByRole('textbox', { name: 'What was done' }).fill('Paid for the mirror.');
    await counter.getByRole('button', { name: 'Resolve' }).click();
    await expect(counter.getByRole('status')).toHaveText('Case resolved.');
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(3)).toContainText('Paid for the mirror.');
    await expect(caseFact(counter, 'Status')).toHaveText('Resolved');
    await expect(caseFact(counter, 'Root cause')).toHaveText('Damage');
    await expect(counter.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await expectNoSeriousViolations(counter);

    // The dashboard, for this site: one case opened and resolved in time, its root cause, and what the comment was about.
    await counter.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Dashboard' }).click();
    await counter.getByRole('combobox', { name: 'Site' }).selectOption({ label: siteName });
    const followUps = counter.getByRole('region', { name: 'Follow-ups', exact: true });
    // A figure's value is the first description of its term; what it counts follows it.
    const figure = (term: string) =>
      followUps
        .locator('dl > div')
        .filter({ has: counter.getByRole('term').getByText(term, { exact: true }) })
        .getByRole('definition')
        .first();
    await expect(figure('Cases opened')).toHaveText('1');
    await expect(figure('Open cases')).toHaveText('0');
    await expect(figure('Overdue cases')).toHaveText('0');
    await expect(figure('Resolved before due')).toHaveText('100%');
    const causes = counter
      .getByRole('region', { name: 'Root causes by site' })
      .getByRole('row')
      .filter({ hasText: siteName });
    // Wash quality, damage, staff, wait time, price or value, equipment, billing or membership, other.
    await expect(causes.getByRole('cell')).toHaveText([siteName, '0', '1', '0', '0', '0', '0', '0', '0']);
    const themes = counter
      .getByRole('region', { name: 'Themes in comments by site' })
      .getByRole('row')
      .filter({ hasText: siteName });
    // "Brushes scratched my mirror.": damage, and the brushes are equipment.
    await expect(themes.getByRole('cell')).toHaveText([siteName, '0', '1', '0', '0', '0', '0', '1', '0']);
    // Over time (decision 053): the site asks after no visit, so its one survey is this week's, all at sign-up.
    await expect(counter.getByText('This site does not ask for feedback after a visit yet.')).toBeVisible();
    const thisWeek = counter.getByRole('region', { name: 'NPS by week' }).getByRole('row').filter({ hasText: '1 / 0' });
    await expect(thisWeek.getByRole('cell')).toHaveText([/^\d{4}-\d\d-\d\d$/, '-100', '-100', '—', '1 / 0']);
    await expectNoSeriousViolations(counter);
    await managerContext.close();
  } finally {
    await catcher.close();
  }
});

test('a detractor’s case in the inbox: the site’s manager finds it and takes it; another site’s manager cannot see it', async ({
  page,
  request,
}) => {
  const [site, other] = [ownSite(), ownSite()];
  const siteName = `Mill Lane ${site}`;
  await addSite(request, site, siteName);
  await addSite(request, other, `Harbor Road ${other}`);
  const manager = await addStaffMember(request, 'manager', [site]);
  const otherManager = await addStaffMember(request, 'manager', [other]);

  const { customer } = await openFollowUpCase(request, site);

  await signIn(page, manager, '/admin/follow-ups');
  await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Follow-ups 1 open', exact: true }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `${customer.firstName} ${customer.lastName}` });
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
  await expect(page.getByText(DETRACTOR_COMMENT)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Email / })).toHaveAttribute('href', `mailto:${customer.email}`);

  const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(1);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status')).toHaveText('Assignment saved.');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(1)).toContainText('Assigned');
  await expect(caseFact(page, 'Assigned to')).toHaveText(manager);

  // A note with nothing in it is refused at its field, with focus there.
  await page.getByRole('button', { name: 'Add a note' }).click();
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toBeFocused();
  await expect(timeline).toHaveCount(2);

  // Another site's manager: the same address is a case that does not exist for them.
  await page.context().clearCookies();
  await signIn(page, otherManager, new URL(caseUrl).pathname);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText(DETRACTOR_COMMENT)).toHaveCount(0);
});
