import { expect, test } from '@playwright/test';
import { US_STATES } from '../../src/domain/us-states';
import { VEHICLE_COLORS } from '../../src/domain/vehicle-options';
import { issueCode, lookUp, returningMemberCode } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { servePageWithoutItsLookup } from './support/page-without-lookup';
import { field, fillCustomer } from './support/profile-form';

test.describe('a customer with a code', () => {
  test('sees "Loading...", then their number in national format and the form in three sections', async ({
    page,
    request,
  }) => {
    const { url } = await issueCode(request, { mobileNumber: '+12015550143' });
    // The page the server sends a browser already holds the form (first-screen.spec.ts); this one looks it up.
    await servePageWithoutItsLookup(page);
    await page.route('**/api/registration-tokens/**', async (route) => {
      await page.getByText('Loading...').waitFor();
      await route.continue();
    });
    await page.goto(url);
    await expect(page).toHaveTitle('Club Membership Profile');
    await expect(page.getByText('(201) 555-0143')).toBeVisible();
    for (const section of ['Customer Information', 'Vehicle Information', 'Agreements']) {
      await expect(page.getByRole('group', { name: section })).toBeVisible();
    }
    await expect(page.getByText('= Required field')).toBeVisible();
  });

  test('shows every message of docs/spec.md §5 after a submit of the empty form, and focuses the first field', async ({
    page,
    request,
  }) => {
    await page.goto((await issueCode(request)).url);
    await expect(field(page, 'First Name')).not.toHaveAttribute('aria-invalid');
    await page.getByRole('button', { name: 'Submit' }).click();
    const messages: Record<string, string> = {
      'First Name': 'First Name is required',
      'Last Name': 'Last Name is required',
      Address: 'Address is required',
      City: 'City is required',
      State: 'State is required',
      'Zip Code': 'Zip code is required',
      Email: 'Email is required',
      'Vehicle Year': 'Vehicle Year is required',
      'Vehicle Make': 'Vehicle Make is required',
      'Vehicle Model': 'Vehicle Model is required',
      'Vehicle Color': 'Vehicle Color is required',
    };
    for (const [label, message] of Object.entries(messages)) {
      const input = field(page, label);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(message);
    }
    await expect(page.getByText('You must agree to the terms and conditions.')).toBeVisible();
    await expect(field(page, 'First Name')).toBeFocused();
    await field(page, 'Email').fill('dana@');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Invalid Email');
    await expectNoSeriousViolations(page);
  });

  test('chooses from the lists of docs/spec.md §5 and §9; a make brings its models', async ({ page, request }) => {
    await page.goto((await issueCode(request)).url);
    // The lists are read at once (allTextContents does not wait): wait for the form first.
    await expect(page.getByRole('form', { name: 'Membership profile' })).toBeVisible();
    const options = (label: string) => field(page, label).locator('option').allTextContents();
    expect(await options('State')).toEqual(['Please select...', ...US_STATES.map((s) => s.label)]);
    const years = await options('Vehicle Year');
    const thisYear = new Date().getFullYear();
    expect(years).toHaveLength(51);
    expect(years.slice(0, 3)).toEqual(['Please select...', String(thisYear), String(thisYear - 1)]);
    expect(years.at(-1)).toBe(String(thisYear - 49));
    expect(await options('Vehicle Color')).toEqual(['Please select...', ...VEHICLE_COLORS]);
    await expect(field(page, 'Vehicle Make').locator('option', { hasText: 'Toyota' })).toHaveCount(1);
    await field(page, 'Vehicle Make').selectOption('Toyota');
    await field(page, 'Vehicle Model').selectOption('Camry');
    await field(page, 'Vehicle Make').selectOption('Ford');
    await expect(field(page, 'Vehicle Model')).toHaveValue('');
    const models = page.getByLabel('Vehicle Model').locator('option');
    await expect(models.filter({ hasText: /^F-150$/ })).toHaveCount(1);
    await expect(models.filter({ hasText: /^Camry$/ })).toHaveCount(0);
  });

  test('the combined box ticks both, shows checked when both are, and unticking it changes neither', async ({
    page,
    request,
  }) => {
    await page.goto((await issueCode(request)).url);
    const all = page.getByRole('checkbox', { name: 'Send me emails and text messages' });
    const news = page.getByRole('checkbox', { name: /Email me news and offers/ });
    const sms = page.getByRole('checkbox', { name: /Text me membership updates/ });
    await all.click();
    await expect(news).toBeChecked();
    await expect(sms).toBeChecked();
    await all.click();
    await expect(all).not.toBeChecked();
    await expect(news).toBeChecked();
    await expect(sms).toBeChecked();
    await sms.click();
    await expect(all).not.toBeChecked();
    await sms.click();
    await expect(all).toBeChecked();
    await expect(page.getByText(/Message and data rates may apply/)).toContainText('Brightwater Car Wash');
  });

  test('completes the whole form by keyboard only and lands on thank-you; the profile is stored', async ({
    page,
    request,
  }) => {
    const issued = await issueCode(request);
    await page.goto(issued.url);
    await field(page, 'First Name').focus();
    await page.keyboard.type('Dana');
    const typeNext = async (text: string) => {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    };
    await typeNext('Whitfield');
    await typeNext('12 Harbor Lane');
    await typeNext('');
    await typeNext('Springfield');
    await page.keyboard.press('Tab');
    await field(page, 'State').press('I');
    await field(page, 'State').selectOption('IL'); // the native picker is the OS's own; the value is what counts
    await typeNext('62704');
    await typeNext('dana@example.com');
    for (const [label, value] of [
      ['Vehicle Year', '2019'],
      ['Vehicle Make', 'Toyota'],
      ['Vehicle Model', 'RAV4'],
      ['Vehicle Color', 'Blue'],
    ] as const) {
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(label)).toBeFocused();
      await page.getByLabel(label).selectOption(value);
    }
    // The plate the gates read (decision 019), then its state.
    await typeNext('dw 4821');
    await page.keyboard.press('Tab');
    await expect(field(page, 'Plate State')).toBeFocused();
    await field(page, 'Plate State').selectOption('IL');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'Send me emails and text messages' })).toBeFocused();
    await page.keyboard.press('Space');
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      if (
        await page
          .getByRole('checkbox', { name: /I agree to the terms/ })
          .evaluate((el) => el === document.activeElement)
      )
        break;
    }
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // the terms link
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/thank-you$/);

    const registration = await lookUp(request, issued.token);
    expect(registration.isCompleted).toBe(true);
    expect(registration.mobileNumber).toMatch(/^•••• \d{4}$/);
    expect(registration.customerId).toBeTruthy();
  });

  test('keeps what was typed across a reload', async ({ page, request }) => {
    await page.goto((await issueCode(request)).url);
    await field(page, 'First Name').fill('Dana');
    await field(page, 'Vehicle Make').selectOption('Toyota');
    await page.reload();
    await expect(field(page, 'First Name')).toHaveValue('Dana');
    await expect(field(page, 'Vehicle Make')).toHaveValue('Toyota');
  });

  test('pre-fills a returning member’s saved profile', async ({ page, request }) => {
    await page.goto((await returningMemberCode(request)).url);
    await expect(field(page, 'First Name')).toHaveValue('Rosa');
    // A saved make gives an enabled model list, with the saved model chosen.
    await expect(field(page, 'Vehicle Make')).toHaveValue('Honda');
    await expect(field(page, 'Vehicle Model')).toBeEnabled();
    await expect(field(page, 'Vehicle Model')).toHaveValue('CR-V');
    // The plate the gates know the member's car by, for review like the rest.
    await expect(field(page, 'License Plate')).toHaveValue('RSA4821');
    await expect(field(page, 'Plate State')).toHaveValue('WI');
    await expect(page.getByRole('checkbox', { name: /I agree to the terms/ })).not.toBeChecked();
    await expect(page.getByText('Welcome back')).toBeVisible();
  });

  test('a dropped connection on submit says so, keeps the form, and Try again stores it once', async ({
    page,
    request,
  }) => {
    const issued = await issueCode(request);
    await page.goto(issued.url);
    await fillCustomer(page);
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    let cut = true;
    const keys: string[] = [];
    await page.route('**/api/customers', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (cut) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText("We couldn't connect.");
    await expect(field(page, 'First Name')).toHaveValue('Dana');
    await expect(page.getByRole('dialog')).toBeHidden();
    cut = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

// A used code going straight to thank-you: first-screen.spec.ts and thank-you.spec.ts, and the profile chart's walks.
// The invalid-code dialog that nothing closes: customer-layout.spec.ts.

test.describe('a customer without a code', () => {
  test('enters a phone number in a dialog that stays until OK, then signs up with that number', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Please enter your phone number' });
    await expect(dialog).toBeVisible();
    const ok = dialog.getByRole('button', { name: 'OK' });
    await expect(ok).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page);

    const typed = `41555501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
    await dialog.getByLabel('Mobile number').pressSequentially(typed);
    await expect(ok).toBeEnabled();
    await ok.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`(415) 555-${typed.slice(6)}`)).toBeVisible();

    await fillCustomer(page);
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);

    // A number typed in the dialog proves nothing: the next sale to it does not pre-fill from this sign-up.
    const next = await issueCode(request, { mobileNumber: `+1${typed}`, isReturningCustomer: true });
    const registration = await lookUp(request, next.token);
    expect(registration.mobileNumber).toBe(`+1${typed}`);
    expect(registration.profile).toBeUndefined();
  });
});
