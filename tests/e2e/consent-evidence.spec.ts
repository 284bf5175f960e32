import { expect, test } from '@playwright/test';
import { issueCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addStaffMember, signIn, openFilters } from './support/console';
import { field, fillCustomer } from './support/profile-form';

const PHONE_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1';

test('a member agrees to texts on their phone, and the member page shows when on their clock, from where, in which browser and on which page', async ({
  browser,
  page,
  request,
}) => {
  const issued = await issueCode(request);
  // The member's phone, in Chicago, as its own browser.
  const phone = await browser.newContext({ timezoneId: 'America/Chicago', userAgent: PHONE_BROWSER });
  const member = await phone.newPage();
  await member.goto(`/?id=${issued.token}`);
  await fillCustomer(member);
  await field(member, 'First Name').fill('Evie');
  await member.getByRole('checkbox', { name: /Text me membership updates/ }).click();
  await member.getByRole('checkbox', { name: /I agree to the terms/ }).click();
  await member.getByRole('button', { name: 'Submit' }).click();
  await expect(member.getByRole('link', { name: 'Give Us Your Feedback' })).toBeVisible();
  await phone.close();

  const owner = await addStaffMember(request, 'owner');
  await signIn(page, owner, '/admin/members');
  await openFilters(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Evie');
  await page.getByRole('link', { name: 'Evie Whitfield' }).first().click();
  const consent = page.getByRole('region', { name: 'Consent' });
  const fact = (term: string) => consent.locator('dt', { hasText: term }).locator('+ dd');
  await expect(fact('Text messages')).toHaveText(/^Agrees to texts \(since .+\)$/);
  // Chicago is at UTC−6 in winter and UTC−5 in summer: either way, the zone's own abbreviation and name.
  await expect(fact('Their clock')).toHaveText(
    /^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M C[SD]T \(America\/Chicago\)$/,
  );
  // The test's request reaches the server from loopback, with no proxy in front.
  await expect(fact('Client address')).toHaveText('127.0.0.1');
  await expect(fact('Browser')).toHaveText(PHONE_BROWSER);
  await expect(fact('Page')).toHaveText('/');
  await expectNoSeriousViolations(page);
});
