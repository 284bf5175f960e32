import { expect, test } from '@playwright/test';
import { FEEDBACK_SETTING_MESSAGES } from '../../src/domain/invitations';
import { SENDING_WINDOW_MESSAGES } from '../../src/domain/quiet-hours';
import { SITE_MESSAGES, unnamedSiteName } from '../../src/domain/sites';
import { apiHeaders, fictionalMobile, issueCode, operatorHeaders } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn, openFilters } from './support/console';
import { openFollowUpCase } from './support/follow-ups';

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
  await openFilters(page);
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
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await openFilters(page);
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

test.describe('at a desk, two zones', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  /** A one-hour sending window the current time is outside of on `timeZone`'s clock, and how the console says it. */
  function closedWindow(timeZone: string) {
    const hour = Number(new Date().toLocaleString('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }));
    return hour < 12
      ? { window: { start: '13:00', end: '14:00' }, said: '1:00 PM – 2:00 PM', opens: '1:00 PM' }
      : { window: { start: '01:00', end: '02:00' }, said: '1:00 AM – 2:00 AM', opens: '1:00 AM' };
  }
  const abbreviation = (timeZone: string) =>
    new Date().toLocaleString('en-US', { timeZone, timeZoneName: 'short' }).split(' ').pop()!;

  test("an owner's sites in Los Angeles and New York: held texts, the dashboard's days and a case's due time each on their site's clock", async ({
    page,
    request,
  }) => {
    const sites = [
      { id: ownSite(), timeZone: 'America/Los_Angeles', city: 'Pacific time (Los Angeles)' },
      { id: ownSite(), timeZone: 'America/New_York', city: 'Eastern time (New York)' },
    ].map((site) => ({ ...site, name: `Dock ${site.id}`, quiet: closedWindow(site.timeZone) }));
    for (const site of sites) {
      const added = await request.post('/api/admin/sites', {
        headers: operatorHeaders(),
        data: { id: site.id, name: site.name, timeZone: site.timeZone, smsWindow: site.quiet.window },
      });
      expect(added.status()).toBe(201);
    }
    await signIn(page, await addStaffMember(request, 'owner'), '/admin/issue');

    // A code texted at each site in its quiet hours: held, with the site's window and when it goes out on its clock.
    for (const site of sites) {
      await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: site.name });
      await page.getByLabel('Mobile number').fill(fictionalMobile().slice(2));
      await page.getByLabel('Plan name').fill('Unlimited Wash Club');
      await page.getByLabel('Amount ($)').fill('29.99');
      await page.getByLabel('Text the link to this number').check();
      await expect(page.getByLabel('Mobile number')).not.toHaveAttribute('data-result-due');
      await page.getByRole('button', { name: 'Issue code' }).click();
      await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
      const held = page.getByText(/^Text message held for quiet hours/);
      await expect(held).toContainText(`texts go out ${site.quiet.said} at ${site.name}`);
      await expect(held).toContainText(
        new RegExp(`It goes out \\w+ \\d+, \\d{4}, ${site.quiet.opens} ${abbreviation(site.timeZone)}\\b`),
      );
      await expectNoSeriousViolations(page);
      await page.goto('/admin/issue');
    }

    // The dashboard names the clock its days are on: the site's for one site, the owner's zone for all of them.
    for (const site of sites) {
      await page.goto(`/admin?site=${site.id}`);
      await expect(page.getByTestId('days-clock')).toHaveText(`Days on ${site.city}, the site's clock.`);
    }
    await page.goto('/admin');
    await expect(page.getByTestId('days-clock')).toContainText('your zone for all sites');
    await expectNoSeriousViolations(page);

    // A detractor's case at the Los Angeles site: its due time on that site's clock, zone named, in the inbox and on
    // the case's page.
    const [losAngeles] = sites;
    const { caseId } = await openFollowUpCase(request, losAngeles!.id);
    await page.goto(`/admin/follow-ups?site=${losAngeles!.id}`);
    const pacific = new RegExp(`\\d:\\d\\d [AP]M ${abbreviation(losAngeles!.timeZone)}\\b`);
    // Opened and due, each a cell of the case's row on a desk.
    await expect(page.getByRole('cell').filter({ hasText: pacific })).toHaveCount(2);
    await page.goto(`/admin/follow-ups/${caseId}`);
    const due = page
      .getByRole('region', { name: 'The case' })
      .locator('dl > div')
      .filter({ has: page.getByRole('term').getByText('Due', { exact: true }) })
      .getByRole('definition');
    await expect(due).toHaveText(pacific);
    await expectNoSeriousViolations(page);
  });
});

test("an owner asks for feedback after a site's visits, is told a delay out of range at its box, and the list says the settings", async ({
  page,
  request,
}) => {
  const site = ownSite();
  const name = `Feedback ${site}`;
  await addSite(request, site, name);
  await signIn(page, await addStaffMember(request, 'owner'), '/admin/sites');
  const entry = page.getByRole('list', { name: 'Sites' }).getByRole('listitem').filter({ hasText: name });
  await expect(entry).toContainText('Feedback not asked after visits');
  await expect(entry).toContainText('Unfinished profile reminded 1 d after its code');

  await entry.getByRole('button', { name: `Change ${name}` }).click();
  const form = page.getByRole('form', { name: `Change ${name} (point-of-sale id ${site})` });
  const feedback = form.getByRole('group', { name: 'Feedback and reminders' });
  // What only matters while the site asks is hidden until it does.
  await expect(feedback.getByLabel('Minutes after the visit (0 = right away)')).toHaveCount(0);
  await feedback.getByRole('checkbox', { name: 'Ask for feedback after a visit' }).click();
  await feedback.getByLabel('Minutes after the visit (0 = right away)').fill('20000');
  await feedback.getByLabel('At most once every N days').fill('14');
  await feedback.getByRole('checkbox', { name: 'Remind about an unfinished profile' }).click();
  await expect(feedback.getByLabel('Minutes before the profile reminder')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  // The server's message, at its box, which takes the focus.
  const delay = feedback.getByLabel('Minutes after the visit (0 = right away)');
  await expect(delay).toBeFocused();
  await expect(delay).toHaveAccessibleDescription(FEEDBACK_SETTING_MESSAGES.askDelayMinutes);
  await expectNoSeriousViolations(page);
  await delay.fill('0');
  await feedback.getByLabel('Minutes before the survey reminder').fill('1440');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('button', { name: `Change ${name}` })).toBeFocused();
  await expect(entry).toContainText(
    'Feedback asked right after a visit, at most every 14 days; reminded 1 d later if unanswered',
  );
  await expect(entry).toContainText('No reminder of an unfinished profile');
  const listed = await request.get('/api/admin/sites', { headers: operatorHeaders() });
  expect(((await listed.json()) as { results: { id: string }[] }).results.find((s) => s.id === site)).toMatchObject({
    askAfterVisit: true,
    askDelayMinutes: 0,
    askEveryDays: 14,
    inviteReminder: true,
    inviteReminderMinutes: 1440,
    codeReminder: false,
  });
  // The form opens again on the settings saved.
  await page.getByRole('button', { name: `Change ${name}` }).click();
  await expect(feedback.getByLabel('At most once every N days')).toHaveValue('14');
  await expect(feedback.getByRole('checkbox', { name: 'Remind about an unfinished profile' })).not.toBeChecked();
});
