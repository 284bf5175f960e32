import type { Page } from '@playwright/test';

/**
 * Serves `/?id=CODE` as a browser that sends no Fetch Metadata gets it (decision 016): without the lookup's answer
 * in it, so the page looks the code up itself, with "Loading..." meanwhile, as it does whenever the server could
 * not answer for it.
 */
export async function servePageWithoutItsLookup(page: Page) {
  await page.route(
    (url) => url.pathname === '/' && url.searchParams.has('id'),
    async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), 'sec-fetch-dest': 'empty' } });
      await route.fulfill({ response });
    },
  );
}
