import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { unnamedSiteName } from '../../src/domain/sites';
import { apiHeaders, completedCode, operatorHeaders } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { addSite, addStaffMember, ownSite, signIn, STAFF_PASSWORD, openFilters } from './support/console';
import { openFollowUpCase } from './support/follow-ups';
import { expectNoSidewaysScroll } from './support/layout';

test('a wrong password says so without telling whether the email exists, and keeps the email', async ({
  page,
  request,
}) => {
  const owner = await addStaffMember(request, 'owner');
  for (const email of [owner, 'nobody@wash.example']) {
    await page.goto('/admin/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toBeFocused();
    // One message: the emptied box is not the staff member's mistake.
    await expect(page.getByText('Password is required')).toHaveCount(0);
    await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid');
  }
  await expectNoSeriousViolations(page);
});

test('the console asks for sign-in first, and sign-out ends the session', async ({ page, request }) => {
  const owner = await addStaffMember(request, 'owner');
  await page.goto('/admin/members');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fmembers$/);
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByText(`${owner} · owner`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
});

test('an owner sees a customer’s profile and survey arrive, finds the member, and exports them', async ({
  page,
  request,
}) => {
  const site = ownSite();
  const owner = await addStaffMember(request, 'owner');
  await signIn(page, owner, `/admin?site=${site}`);
  const figure = (term: string) => page.locator('dt', { hasText: term }).locator('+ dd');
  await expect(figure('Profiles completed')).toHaveText('0');
  await expect(figure('NPS')).toHaveText('—');
  await expectNoSeriousViolations(page);

  // Meanwhile, a customer completes a profile and answers the survey (their own browser: the API here).
  const { customer } = await completedCode(request, { siteId: site });
  const survey = await request.post('/api/surveys', {
    headers: apiHeaders,
    data: { customerId: customer.id, recommendToOthersScore: 10, washQualityScore: 9, comments: 'Spotless.' },
  });
  expect(survey.status()).toBe(201);

  await page.reload();
  await expect(figure('Profiles completed')).toHaveText('1');
  await expect(figure('NPS')).toHaveText('+100');
  // The chart's legend gives its values without hovering (uPlot's own read "--" until a pointer came).
  const byWeek = page.getByRole('region', { name: 'By week', exact: true });
  await expect(byWeek.getByRole('list', { name: 'Legend' })).toContainText('Profiles completed (bars), by week: 1');
  await expect(byWeek.getByRole('list', { name: 'Legend' })).toContainText('NPS (line), by week: +100');
  await expect(page.getByText('--', { exact: true })).toHaveCount(0);
  // One site chosen: its days are on its clock, named.
  await expect(page.getByTestId('days-clock')).toHaveText(/^Days on .+, the site's clock\.$/);
  // A site the point-of-sale sent first, not yet named: its id, readable.
  await expect(
    page
      .getByRole('region', { name: 'By site', exact: true })
      .getByRole('cell', { name: unnamedSiteName(site), exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await openFilters(page);
  await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: unnamedSiteName(site) });
  // Other tests' members share the name: the list narrows to this site's one once its answer has come.
  await expect(page.getByRole('link', { name: 'Rosa Alvarez' })).toHaveCount(1);
  // Her latest score is a promoter's: the filter by it keeps her, a detractor's leaves no one (decision 053).
  await page.getByRole('combobox', { name: 'Latest score' }).selectOption({ label: 'Detractor (1–6)' });
  await expect(page.getByRole('link', { name: 'Rosa Alvarez' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Latest score' }).selectOption({ label: 'Promoter (9–10)' });
  await expect(page.getByRole('link', { name: 'Rosa Alvarez' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Rosa Alvarez' }).click();
  await expect(page.getByRole('heading', { name: 'Rosa Alvarez' })).toBeVisible();
  const answers = page.getByRole('region', { name: 'Answers over time' });
  await expect(answers.getByTestId('latest-score')).toContainText('Latest score: 10 (promoter)');
  await expect(answers.getByRole('heading', { name: 'At sign-up · 10 (promoter)' })).toBeVisible();
  await expect(answers.getByText('Spotless.')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goBack();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const rows = parse<Record<string, string>>(readFileSync(file, 'utf8'), { bom: true, columns: true });
  expect(rows).toEqual([
    expect.objectContaining({ first_name: 'Rosa', last_name: 'Alvarez', site_id: site, sms_consent: 'no' }),
  ]);

  await page.getByRole('link', { name: 'Feedback' }).click();
  await expect(page.getByText('Spotless.').first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(
    page.getByRole('region', { name: 'Who may sign in' }).getByRole('heading', { name: owner, exact: true }),
  ).toBeVisible();
});

test('a new page starts at its top with focus on its heading, wherever the last one was scrolled to', async ({
  page,
  request,
}) => {
  const { caseId, customer } = await openFollowUpCase(request, ownSite());
  await signIn(page, await addStaffMember(request, 'owner'), `/admin/follow-ups/${caseId}`);
  const name = `${customer.firstName} ${customer.lastName}`;
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // Read down to the end of the case, then back up to the link to the member's profile.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const profileLink = page.getByRole('link', { name: "The member's profile" });
  await profileLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await profileLink.click();

  await expect(page).toHaveURL(`/admin/members/${customer.id}`);
  const heading = page.getByRole('heading', { name, level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The browser's back button returns to the case (where on it is the browser's to restore).
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'The case' })).toBeVisible();
});

test('“Show more” goes on where the members list stopped, by the cursor the server gave, until no more', async ({
  page,
  request,
}) => {
  const site = ownSite();
  const owner = await addStaffMember(request, 'owner');
  for (let i = 0; i < 3; i += 1) await completedCode(request, { siteId: site });
  // Pages of two: three members meet "Show more" where the console's own page size would take fifty-one.
  await page.route('**/api/admin/members?*', (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '2');
    return route.continue({ url: url.toString() });
  });
  await signIn(page, owner, `/admin/members?site=${site}`);
  const members = page.getByRole('link', { name: 'Rosa Alvarez' });
  await expect(members).toHaveCount(2);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(members).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});

test('a cashier issues a code whose QR code scans back to the link', async ({ page, request }) => {
  const site = ownSite();
  const manager = await addStaffMember(request, 'manager', [site]);
  await signIn(page, manager, '/admin/issue');
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByLabel('Plan name')).toHaveAccessibleDescription('Plan name is required');

  await page.getByLabel('Mobile number').fill('2015550143');
  await page.getByLabel('Plan name').fill('Unlimited Wash Club');
  await page.getByLabel('Amount ($)').fill('29.99');
  await expect(page.getByLabel('Site')).toHaveValue(site);
  await expect(page.getByLabel('Site').locator('option:checked')).toHaveText(unnamedSiteName(site));
  // The phone input reads the number once typing pauses; its message goes when it has.
  await expect(page.getByText('Enter a valid mobile number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeVisible();
  const link = (await page.getByTestId('issued-link').textContent())!.trim();
  expect(link).toMatch(/\/\?id=[A-Za-z0-9_-]{32}$/);

  const png = PNG.sync.read(await page.getByTestId('issued-qr').screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toBe(link);
  await expectNoSeriousViolations(page);

  const lookup = await request.get(`/api/registration-tokens/${link.split('=')[1]}`, { headers: apiHeaders });
  expect(await lookup.json()).toMatchObject({
    planName: 'Unlimited Wash Club',
    siteId: site,
    mobileNumber: '+12015550143',
  });
});

test('a tap on "Issue code" right after the last digit issues the code, or says what is wrong with the number', async ({
  page,
  request,
}) => {
  await signIn(page, await addStaffMember(request, 'manager', [ownSite()]), '/admin/issue');
  await page.getByLabel('Plan name').fill('Unlimited Wash Club');
  await page.getByLabel('Amount ($)').fill('29.99');
  // A busy manager at the counter: the number typed, and the tap at once, within the phone input's pause.
  const number = page.getByLabel('Mobile number');
  await number.pressSequentially('201555');
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(number).toHaveAccessibleDescription('Enter a valid mobile number');
  await expect(number).toBeFocused();
  await number.pressSequentially('0143');
  await page.getByRole('button', { name: 'Issue code' }).click();
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeFocused();
  expect((await page.getByTestId('issued-link').textContent())!.trim()).toMatch(/\/\?id=[A-Za-z0-9_-]{32}$/);
});

test('a manager sees only their own site, and no Staff page', async ({ page, request }) => {
  const [mine, theirs] = [ownSite(), ownSite()];
  await completedCode(request, { siteId: theirs });
  const manager = await addStaffMember(request, 'manager', [mine]);
  await signIn(page, manager, '/admin/members');
  await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  // Their site has no member: the list says so rather than showing the other site's.
  await expect(page.getByText(/^No member matches\./)).toBeVisible();
  await page.goto(`/admin?site=${theirs}`);
  await expect(page.getByText('The figures could not be loaded')).toBeVisible();
});

test('a staff member changes their password, and only the new one signs in', async ({ page, request }) => {
  const manager = await addStaffMember(request, 'manager', [ownSite()]);
  await signIn(page, manager, '/admin/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password (at least 12 characters)').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not right', { exact: true })).toBeVisible();
  await page.getByLabel('Current password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  // The page's first status is the password's; its settings form below has its own.
  await expect(page.getByRole('status').first()).toHaveText(
    'Your password is changed. Your other sessions have ended.',
  );
  await expectNoSeriousViolations(page);

  // Its language and time zone: the zone's empty choice names the server's.
  const settings = page.getByRole('form', { name: 'Language and time zone' });
  await expect(settings.getByRole('combobox', { name: 'Time zone' })).toHaveValue('');
  await expect(settings.getByRole('combobox', { name: 'Time zone' }).locator('option').first()).toHaveText(
    /^The server's default: /,
  );
  await settings.getByLabel('Search zones by city or region').fill('los ang');
  await settings.getByRole('combobox', { name: 'Time zone' }).selectOption('America/Los_Angeles');
  await settings.getByRole('combobox', { name: 'Language of your alert emails' }).selectOption('es');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Your settings are saved.');
  await expectNoSeriousViolations(page);

  const attempt = (password: string) => request.post('/api/auth/sign-in/email', { data: { email: manager, password } });
  expect((await attempt(STAFF_PASSWORD)).status()).toBe(401);
  expect((await attempt('a brand new passphrase')).status()).toBe(200);
});

test("an owner changes a manager's sites and can disable them", async ({ page, request }) => {
  const [before, after] = [ownSite(), ownSite()];
  await addSite(request, after, `Harbor ${after}`);
  const owner = await addStaffMember(request, 'owner');
  const manager = await addStaffMember(request, 'manager', [before]);
  await signIn(page, owner, '/admin/staff');
  const card = page.getByRole('region', { name: 'Who may sign in' }).getByRole('listitem').filter({ hasText: manager });
  await expect(card).toContainText(unnamedSiteName(before));
  await card.getByRole('button', { name: `Choose sites of ${manager}` }).click();
  const sites = card.getByRole('group', { name: `Sites of ${manager}` });
  await expect(sites.getByRole('checkbox', { name: unnamedSiteName(before), exact: true })).toBeChecked();
  await expectNoSeriousViolations(page);
  await sites.getByRole('checkbox', { name: `Harbor ${after}`, exact: true }).check();
  await expect(card).toContainText(`${unnamedSiteName(before)}, Harbor ${after}`);
  await expect(card.getByRole('button', { name: 'Disable' })).toHaveAccessibleName(`Disable ${manager}`);
  await page.getByRole('button', { name: `Save ${manager}` }).click();
  await expect
    .poll(async () => {
      const list = await request.get('/api/admin/staff', { headers: operatorHeaders() });
      const staff = (await list.json()) as { results: { email: string; sites: string[]; disabled: boolean }[] };
      return staff.results.find((member) => member.email === manager);
    })
    .toMatchObject({ sites: [before, after], disabled: false });

  await page.getByRole('button', { name: `Disable ${manager}` }).click();
  await expect(page.getByRole('button', { name: `Enable ${manager}` })).toBeVisible();
  const signInAttempt = await request.post('/api/auth/sign-in/email', {
    data: { email: manager, password: STAFF_PASSWORD },
  });
  expect(signInAttempt.status()).toBe(401);
});

test('the console works from the keyboard alone: sign in, move between pages, issue a code', async ({
  page,
  request,
}) => {
  const site = ownSite();
  const manager = await addStaffMember(request, 'manager', [site]);
  await page.goto('/admin/sign-in');
  // The console renders in the browser: a person starts typing once the form shows.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(manager);
  await page.keyboard.press('Tab');
  await page.keyboard.type(STAFF_PASSWORD);
  await page.keyboard.press('Enter');
  // Each new page takes the focus to its heading, where reading it starts.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeFocused();

  // Back from the heading to the "Issue a code" link of the navigation above it, and follow it.
  const issueLink = page.getByRole('link', { name: 'Issue a code' });
  for (let i = 0; i < 10 && !(await issueLink.evaluate((link) => link === document.activeElement)); i += 1) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(issueLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Issue a code' })).toBeFocused();

  // An empty submit first: the messages appear, and the number's goes once the phone input has read it.
  await page.getByRole('button', { name: 'Issue code' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Mobile number')).toHaveAccessibleDescription('Enter a valid mobile number');
  await expect(page.getByLabel('Mobile number')).toBeFocused();
  await page.keyboard.type('2015550143');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Unlimited Wash Club');
  await page.keyboard.press('Tab');
  await page.keyboard.type('29.99');
  await expect(page.getByText('Enter a valid mobile number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Issue code' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Code issued' })).toBeFocused();
});

for (const screen of [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'desk', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch, isMobile: screen.isMobile });

    test('an owner reads the audit log by names: who opened which member, filtered, downloaded', async ({
      page,
      request,
    }) => {
      const site = ownSite();
      await addSite(request, site, `Harbor ${site}`);
      const { customer } = await completedCode(request, { siteId: site });
      const name = `Olive ${site}`;
      await signIn(page, await addStaffMember(request, 'owner', [], name), `/admin/members/${customer.id}`);
      await expect(page.getByRole('heading', { name: 'Rosa Alvarez', level: 1 })).toBeVisible();
      // Signed in as their name, not their email.
      await expect(page.getByText(`${name} · owner`)).toBeVisible();

      await page.getByRole('link', { name: 'Staff', exact: true }).click();
      await page.getByRole('link', { name: 'the audit log' }).click();
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      // On a phone the filters fold behind their button.
      if (screen.isMobile) await page.getByRole('button', { name: /^Filters/ }).click();
      await page.getByRole('combobox', { name: 'Who' }).selectOption({ label: name });
      await page.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Viewed a member' });
      await expect(page).toHaveURL(/[?&]who=staff%3A[^&]+&action=member_viewed$/);
      const rows = page.getByRole('row').filter({ hasText: 'Viewed a member' });
      await expect(rows).toHaveCount(1);
      await expect(rows.getByRole('cell').nth(2)).toHaveText(name);
      await expect(rows.getByRole('link', { name: 'Rosa Alvarez' })).toBeVisible();
      // On the site's clock, its zone named.
      await expect(rows.getByRole('cell').nth(1)).toContainText(/\d{1,2}:\d{2} [AP]M [A-Z][\w+:-]+/);
      await expectNoSeriousViolations(page);
      await expectNoSidewaysScroll(page);

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const { readFileSync } = await import('node:fs');
      const lines = parse<Record<string, string>>(readFileSync(await (await download).path(), 'utf8'), {
        bom: true,
        columns: true,
      });
      expect(lines).toEqual([expect.objectContaining({ who: name, action: 'member_viewed', about: 'Rosa Alvarez' })]);

      // Nothing of that kind: the page says what shows there, and offers no CSV of nothing.
      await page.getByRole('combobox', { name: 'What' }).selectOption({ label: 'Revoked an API key' });
      await expect(page.getByText(/^No action matches\./)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
      await expectNoSeriousViolations(page);
    });
  });
}
