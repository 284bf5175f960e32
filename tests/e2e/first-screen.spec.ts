import { expect, test, type Page } from '@playwright/test';
import { completedCode, issueCode } from './support/api';
import { field } from './support/profile-form';

/** Decision 016: a browser opening a link gets the code's answer, and an open code's form, in the page itself. */

/** The form's fields by their visible labels; required ones end in the red asterisk. */

/** Every request the page makes for a registration: none, when the page came with its answer. */
function lookupsOf(page: Page): string[] {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/registration-tokens/')) lookups.push(request.url());
  });
  return lookups;
}

/** Marks the elements the HTML parser made, so a test can tell the server's form from one the browser made. */
async function markParsedElements(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof HTMLFormElement) node.dataset.parsed = 'yes';
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test('the page a link opens already shows the form, without the code in it, and is not kept by any cache', async ({
  page,
  request,
}) => {
  const { url, token } = await issueCode(request, { mobileNumber: '+12015550143' });
  const lookups = lookupsOf(page);
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => void errors.push(error.message));
  await markParsedElements(page);

  const response = await page.goto(url);
  const html = await response!.text();
  expect(response!.headers()['cache-control']).toBe('no-store');
  expect(html).toContain('(201) 555-0143');
  expect(html).toContain('aria-label="Membership profile"');
  expect(html).not.toContain(token);

  // The form the parser made is the one the app took over: typing reaches the flow and is saved.
  const form = page.getByRole('form', { name: 'Membership profile' });
  await expect(form).toHaveAttribute('data-parsed', 'yes');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await field(page, 'First Name').fill('Dana');
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('club-profile:progress') ?? ''))
    .toContain('"firstName":"Dana"');
  await expect(form).toHaveAttribute('data-parsed', 'yes');
  expect(lookups).toEqual([]);
  expect(errors).toEqual([]);
});

test('what the customer types before the app has loaded is kept, and Submit waits for the app', async ({
  page,
  request,
}) => {
  const { url } = await issueCode(request);
  // A slow network: the page's script arrives only when the test lets it.
  let releaseScript = () => {};
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the module script, as the browser runs it before the event.
  await page.goto(url, { waitUntil: 'commit' });

  await field(page, 'First Name').fill('Dana');
  await field(page, 'State').selectOption('IL');
  await field(page, 'Vehicle Year').selectOption('2019');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  releaseScript();

  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await field(page, 'Last Name').fill('Whitfield');
  await expect(field(page, 'First Name')).toHaveValue('Dana');
  await expect(field(page, 'State')).toHaveValue('IL');
  await expect(field(page, 'Vehicle Year')).toHaveValue('2019');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('club-profile:progress') ?? '{}').form))
    .toMatchObject({ firstName: 'Dana', lastName: 'Whitfield', region: 'IL', vehicleYear: 2019 });
});

test('a used code goes to thank-you, and an unknown one shows the invalid-code dialog, without a lookup', async ({
  page,
  request,
}) => {
  const lookups = lookupsOf(page);
  await page.goto((await completedCode(request)).issued.url);
  await expect(page).toHaveURL(/\/thank-you$/);

  await page.goto(`/?id=${'B'.repeat(32)}`);
  await expect(page.getByRole('dialog', { name: 'Invalid registration code' })).toBeVisible();
  expect(lookups).toEqual([]);
});

test('coming back to a used code in the same tab asks the server again', async ({ page, request }) => {
  const { issued } = await completedCode(request);
  const lookups = lookupsOf(page);
  await page.goto(issued.url);
  await expect(page).toHaveURL(/\/thank-you$/);
  // On screen, not only in the address: the route's chunk may still be on its way, and until it lands the home page
  // (its flow finished) is what the router holds.
  await expect(
    page.getByRole('heading', { name: 'Thank you for completing your membership club profile!' }),
  ).toBeVisible();
  expect(lookups).toEqual([]);
  // Back to the link, within the app: the page's answer was for its first screen only.
  await page.evaluate(() => history.back());
  await expect.poll(() => lookups.length).toBe(1);
  await expect(page).toHaveURL(/\/thank-you$/);
});
