import { expect, type Page } from '@playwright/test';
import { test } from './support/analytics-server';
import { completedCode, issueCode } from './support/api';

/** Every request the page makes to a host other than ours; the Google tag itself answered with an empty script. */
async function watchThirdParties(page: Page, ours: string) {
  const thirdParty: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(ours)) return route.continue();
    thirdParty.push(url);
    if (url.startsWith('https://www.googletagmanager.com/gtag/js')) {
      return route.fulfill({ contentType: 'text/javascript', body: '' });
    }
    return route.abort();
  });
  return thirdParty;
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));

test.describe('with an analytics id', () => {
  // In order, on one worker: one analytics server for the three (a failure does not skip the others).
  test.describe.configure({ mode: 'default' });
  test.use({ baseURL: async ({ analyticsServer }, use) => use(analyticsServer) });

  test('a marketing link is tracked with its campaign and leaves a clean address; the code never reaches analytics', async ({
    page,
    request,
    analyticsServer,
  }) => {
    const issued = await issueCode(request);
    const thirdParty = await watchThirdParties(page, analyticsServer);
    await page.goto(`/?id=${issued.token}&utm_source=sms&utm_campaign=welcome`);
    await expect(page.getByRole('form', { name: 'Membership profile' })).toBeVisible();
    await expect(page).toHaveURL(`${analyticsServer}/?id=${issued.token}`);

    const entries = await dataLayer(page);
    expect(entries).toContainEqual([
      'config',
      process.env.E2E_ANALYTICS_ID,
      { send_page_view: false, anonymize_ip: true },
    ]);
    const pageViews = entries.filter((entry) => entry[0] === 'event' && entry[1] === 'page_view');
    expect(pageViews).toEqual([
      [
        'event',
        'page_view',
        expect.objectContaining({
          page_path: '/',
          page_location: `${analyticsServer}/`,
          page_title: 'Club Membership Profile',
          campaign_source: 'sms',
          campaign_name: 'welcome',
        }),
      ],
    ]);
    expect(JSON.stringify(entries)).not.toContain(issued.token);
    expect(thirdParty).toEqual([`https://www.googletagmanager.com/gtag/js?id=${process.env.E2E_ANALYTICS_ID}`]);
  });

  test('a route change sends its own page view, without the customer id', async ({
    page,
    request,
    analyticsServer,
  }) => {
    const { issued, customer } = await completedCode(request);
    await watchThirdParties(page, analyticsServer);
    await page.goto(issued.url.replace(/^http:\/\/[^/]+/, analyticsServer));
    await expect(page).toHaveURL(/\/thank-you$/);
    await page.getByRole('link', { name: 'Give Us Your Feedback' }).click();
    await expect(page.getByRole('form', { name: 'Survey' })).toBeVisible();
    const paths = (await dataLayer(page))
      .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
      .map((entry) => (entry[2] as { page_path: string }).page_path);
    expect(paths).toEqual(['/', '/thank-you', '/survey']);
    const all = JSON.stringify(await dataLayer(page));
    expect(all).not.toContain(issued.token);
    expect(all).not.toContain(customer.id);
  });

  test('the Content-Security-Policy allows the Google tag hosts', async ({ request }) => {
    const response = await request.get('/');
    expect(response.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
  });
});

test('without an analytics id, not one request leaves for a third-party host', async ({ page, request, baseURL }) => {
  const issued = await issueCode(request);
  const thirdParty = await watchThirdParties(page, baseURL!);
  await page.goto(`${issued.url}&utm_source=sms&utm_campaign=welcome`);
  await expect(page.getByRole('form', { name: 'Membership profile' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/?id=${issued.token}`);
  await page.goto('/');
  await expect(page.getByRole('dialog', { name: 'Please enter your phone number' })).toBeVisible();
  await page.getByLabel('Mobile number').pressSequentially('4155550123');
  expect(thirdParty).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
});
