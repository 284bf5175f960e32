import { expect, test } from '@playwright/test';
import { SENDING_WINDOW_MESSAGES } from '../../src/domain/quiet-hours';
import { SITE_MESSAGES, unnamedSiteName } from '../../src/domain/sites';
import { apiHeaders, issueCode, operatorHeaders } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn } from './support/console';

test('an owner names a site the point-of-sale made, gives it a review page, and issues a code for it by name', async ({
  page,
  request,
}) => {
  // The point-of-sale sells at a site it has never sent before: the server lists it, waiting for a name.
  const site = ownSite();
  await issueCode(request, { siteId: site });
  const name = `Harbor Road ${site}`;
  const reviewUrl = `https://g.page/r/${site}/review`;

  await signIn(page, await addStaffMember(request, 'owner'), '/admin/sites');
  await expect(page.getByRole('heading', { name: 'Sites', exact: true })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Sites' }).getByRole('listitem');
  const entry = entries.filter({ has: page.getByText(site, { exact: true }) });
  await expect(entry).toContainText(unnamedSiteName(site));
  await expect(entry).toContainText('Needs a name');
  // Every site waiting for a name (other tests' too) is listed before every named one.
  const waiting = await entries.evaluateAll((items) => items.map((item) => item.textContent.includes('Needs a name')));
  expect(waiting).toEqual([...waiting].sort((a, b) => Number(b) - Number(a)));
  await expectNoSeriousViolations(page);

  await entry.getByRole('button', { name: `Change ${unnamedSiteName(site)}` }).click();
  const form = page.getByRole('form', { name: `Change ${unnamedSiteName(site)} (point-of-sale id ${site})` });
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill(name);
  // A review page not on https is refused at its field, which takes the focus.
  await form.getByLabel('Review page (optional)').fill(`http://example.com/${site}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(SITE_MESSAGES.reviewUrl, { exact: true })).toBeVisible();
  await expect(form.getByLabel('Review page (optional)')).toBeFocused();
  await expect(form.getByLabel('Review page (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousViolations(page);
  await form.getByLabel('Review page (optional)').fill(reviewUrl);
  // Its texts go out between 09:00 and 20:00 on the site's clock; a window ending before it starts is refused there.
  const window = form.getByRole('group', { name: /Texts go out between/ });
  await window.getByLabel('From').fill('20:00');
  await window.getByLabel('Until').fill('09:00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(window.getByLabel('Until')).toHaveAccessibleDescription(SENDING_WINDOW_MESSAGES.order);
  await expect(window.getByLabel('Until')).toBeFocused();
  await window.getByLabel('From').fill('09:00');
  await window.getByLabel('Until').fill('20:00');
  await form.getByRole('button', { name: 'Save' }).click();

  // Back in the list, named, the focus on the button that opened the form.
  const named = entries.filter({ hasText: name });
  await expect(page.getByRole('button', { name: `Change ${name}` })).toBeFocused();
  await expect(named).not.toContainText('Needs a name');
  await expect(named.getByRole('link', { name: reviewUrl })).toHaveAttribute('href', reviewUrl);
  await expect(named).toContainText('Texts go out 9:00 AM – 8:00 PM, site time');
  const listed = await request.get('/api/admin/sites', { headers: operatorHeaders() });
  expect(((await listed.json()) as { results: { id: string }[] }).results.find((s) => s.id === site)).toMatchObject({
    name,
    reviewUrl,
    smsWindow: { start: '09:00', end: '20:00' },
    named: true,
    active: true,
  });

  await page.getByRole('link', { name: 'Issue a code' }).click();
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: name });
  await page.getByLabel('Mobile number').fill('2015550143');
  await page.getByLabel('Plan name').fill('Unlimited Wash Club');
  await page.getByLabel('Amount ($)').fill('29.99');
  // The phone input reads the number once typing pauses.
  await expect(page.getByLabel('Mobile number')).not.toHaveAttribute('data-result-due');
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
  await expect(page.getByText(`For ${name}.`)).toBeVisible();
  const link = (await page.getByTestId('issued-link').textContent())!.trim();
  const lookup = await request.get(`/api/registration-tokens/${link.split('=')[1]}`, { headers: apiHeaders });
  expect(await lookup.json()).toMatchObject({ siteId: site });

  // The audit log names the site it changed, by its name.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Changed a site' });
  const audit = page.getByRole('row');
  await expect(audit.filter({ hasText: 'Changed a site' }).filter({ hasText: name })).toHaveCount(1);
});

test('an owner adds a site under its point-of-sale id, is told when the id is taken, and sets a site aside', async ({
  page,
  request,
}) => {
  const site = ownSite();
  const name = `Depot ${site}`;
  await signIn(page, await addStaffMember(request, 'owner'), '/admin/sites');
  const add = page.getByRole('region', { name: 'Add a site' });

  // Nothing typed: the server's messages mark both fields, and the first takes the focus.
  await add.getByRole('button', { name: 'Add site' }).click();
  await expect(add.getByLabel('Point-of-sale id')).toBeFocused();
  await expect(add.getByLabel('Point-of-sale id')).toHaveAttribute('aria-invalid', 'true');
  await expect(add.getByText(SITE_MESSAGES.id, { exact: true })).toBeVisible();
  await expect(add.getByText(SITE_MESSAGES.name, { exact: true })).toBeVisible();
  // Above the form, GOV.UK's summary lists both, each a link back to its field.
  const summary = add.getByRole('heading', { name: 'There is a problem' }).locator('..');
  await expect(summary.getByRole('link')).toHaveText([
    `Point-of-sale id: ${SITE_MESSAGES.id}`,
    `Name: ${SITE_MESSAGES.name}`,
  ]);
  await summary.getByRole('link', { name: /^Name:/ }).click();
  await expect(add.getByLabel('Name')).toBeFocused();

  await add.getByLabel('Point-of-sale id').fill(site);
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Time zone').selectOption('America/Denver');
  // Its texts go out from 07:00 until midnight, the end of the site's day.
  const window = add.getByRole('group', { name: /Texts go out between/ });
  await window.getByLabel('From').fill('07:00');
  await window.getByLabel('Until').fill('00:00');
  await add.getByRole('button', { name: 'Add site' }).click();
  await expect(add.getByRole('status')).toHaveText(`Added ${name}.`);
  const entry = page.getByRole('list', { name: 'Sites' }).getByRole('listitem').filter({ hasText: name });
  await expect(entry).toContainText('America/Denver');
  await expect(entry).toContainText('Texts go out 7:00 AM – midnight, site time');
  await expect(entry).not.toContainText('Needs a name');

  await add.getByLabel('Point-of-sale id').fill(site);
  await add.getByLabel('Name').fill(`${name} again`);
  await add.getByRole('button', { name: 'Add site' }).click();
  await expect(add.getByText(SITE_MESSAGES.idTaken, { exact: true })).toBeVisible();
  await expect(add.getByLabel('Point-of-sale id')).toBeFocused();

  // Set aside: kept, and still a filter's choice for its history, but offered for no new code.
  await entry.getByRole('button', { name: `Change ${name}` }).click();
  const form = page.getByRole('form', { name: `Change ${name} (point-of-sale id ${site})` });
  await form.getByRole('checkbox', { name: /^Active/ }).uncheck();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(entry).toContainText('Inactive');
  await page.getByRole('link', { name: 'Issue a code' }).click();
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
  const siteSelect = page.getByRole('combobox', { name: 'Site', exact: true });
  // The form opens once the sites are known: what it offers then is all it offers.
  await expect(siteSelect).toBeVisible();
  const offered = await siteSelect.locator('option').allTextContents();
  expect(offered.filter((label) => label.startsWith(name))).toEqual([]);
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(siteSelect.getByRole('option', { name: `${name} (inactive)`, exact: true })).toHaveCount(1);
});

test('a manager reads their own sites, by name, and cannot change them', async ({ page, request }) => {
  const [mine, theirs] = [ownSite(), ownSite()];
  await addSite(request, mine, `Mill Lane ${mine}`);
  await addSite(request, theirs, `Quay ${theirs}`);
  await signIn(page, await addStaffMember(request, 'manager', [mine]), '/admin/sites');
  const entries = page.getByRole('list', { name: 'Sites' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(`Mill Lane ${mine}`);
  await expect(page.getByRole('button', { name: /^Change/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Add a site' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
