import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

/**
 * Every script the browser fetched for a first visit to `url` (fresh context, empty cache) until `readySelector` is
 * visible and the network has been idle for 500 ms: the entry chunk, what it preloads or imports, and any lazy chunk
 * the route loads at once.
 */
export async function scriptsLoadedBy(browser: Browser, url: string, readySelector: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 20_000 });
    await page.waitForLoadState('networkidle', { timeout: 20_000 });
    return [...scripts];
  } finally {
    await context.close();
  }
}
